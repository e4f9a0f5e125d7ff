package dev.memoria.client.scenarios;

import dev.memoria.client.MemoriaClient;

/**
 * The running server a scenario talks to: its URL in the system property {@code memoria.it.url}, a token of a fresh
 * tenant with every role in the environment variable {@code MEMORIA_IT_TOKEN} (the main build's JavaAdaptersIT sets
 * both).
 */
public final class Server {

    private Server() {}

    public static String url() {
        String url = System.getProperty("memoria.it.url");
        if (url == null) {
            throw new IllegalStateException("memoria.it.url is not set: scenarios run from JavaAdaptersIT");
        }
        return url;
    }

    public static String token() {
        String token = System.getenv("MEMORIA_IT_TOKEN");
        if (token == null) {
            throw new IllegalStateException("MEMORIA_IT_TOKEN is not set: scenarios run from JavaAdaptersIT");
        }
        return token;
    }

    public static MemoriaClient client() {
        return MemoriaClient.builder().baseUrl(url()).token(Server::token).build();
    }
}
