package dev.memoria.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.memoria.client.MemoriaClient;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Memoria server in the test's JVM, just enough for a chat agent: each scope's current facts (every one of them is
 * recalled, whatever the query), its conversation windows, and the turns each {@code learn} was sent.
 */
final class FakeMemoria implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** scope: current facts, by id. */
    final Map<String, Map<String, String>> facts = new LinkedHashMap<>();
    /** "scope/id": the window's text. */
    final Map<String, String> windows = new LinkedHashMap<>();
    /** Each learn request's turns, as sent. */
    final List<JsonNode> learned = new ArrayList<>();
    /** Conditional window saves answered 412. */
    int preconditionsFailed;

    private final HttpServer server;
    private int nextId = 1;

    FakeMemoria() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    MemoriaClient client() {
        return MemoriaClient.builder()
                .baseUrl("http://127.0.0.1:" + server.getAddress().getPort() + "/")
                .token("t")
                .build();
    }

    synchronized String fact(String scope, String content) {
        String id = "f" + nextId++;
        facts.computeIfAbsent(scope, s -> new LinkedHashMap<>()).put(id, content);
        return id;
    }

    /** The fact is no longer current (superseded or deleted): it is never recalled again. */
    synchronized void retire(String scope, String id) {
        facts.get(scope).remove(id);
    }

    synchronized String window(String scope, String id) {
        return windows.get(scope + "/" + id);
    }

    private synchronized void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getRawPath();
            String prefix = "/api/v1/scopes/";
            if (!path.startsWith(prefix)) {
                send(exchange, 404, "{}");
                return;
            }
            String rest = path.substring(prefix.length());
            String scope = URLDecoder.decode(rest.substring(0, rest.indexOf('/')), StandardCharsets.UTF_8);
            String resource = rest.substring(rest.indexOf('/'));
            Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
            String method = exchange.getRequestMethod();
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            switch (method + " " + resource) {
                case "GET /recall" -> {
                    List<Object> items = new ArrayList<>();
                    facts.getOrDefault(scope, Map.of())
                            .forEach((id, content) -> items.add(Map.of(
                                    "fact",
                                    Map.of(
                                            "id",
                                            id,
                                            "scope",
                                            scope,
                                            "content",
                                            content,
                                            "category",
                                            "general",
                                            "type",
                                            "semantic",
                                            "importance",
                                            0.5,
                                            "persistent",
                                            false,
                                            "tags",
                                            List.of(),
                                            "source",
                                            "api"),
                                    "score",
                                    0.9,
                                    "signals",
                                    Map.of("keyword", 0.9, "importance", 0.5, "retention", 1.0))));
                    send(
                            exchange,
                            200,
                            JSON.writeValueAsString(
                                    Map.of("query", query.get("q"), "mode", "hybrid", "items", items, "context", "")));
                }
                case "PUT /window" -> {
                    String content = JSON.readTree(body).get("content").asText();
                    String stored = windows.get(scope + "/" + query.get("id"));
                    String ifMatch = exchange.getRequestHeaders().getFirst("If-Match");
                    String ifNoneMatch = exchange.getRequestHeaders().getFirst("If-None-Match");
                    if ((ifMatch != null && (stored == null || !ifMatch.equals(etag(stored))))
                            || ("*".equals(ifNoneMatch) && stored != null)) {
                        preconditionsFailed++;
                        send(
                                exchange,
                                412,
                                "{\"type\":\"https://memoria.dev/problems/precondition-failed\",\"status\":412}");
                        return;
                    }
                    windows.put(scope + "/" + query.get("id"), content);
                    exchange.getResponseHeaders().add("ETag", etag(content));
                    send(exchange, stored == null ? 201 : 200, windowJson(scope, query.get("id"), content));
                }
                case "GET /window" -> {
                    String content = windows.get(scope + "/" + query.get("id"));
                    if (content == null) {
                        send(exchange, 404, "{\"status\":404,\"title\":\"Not Found\"}");
                    } else {
                        exchange.getResponseHeaders().add("ETag", etag(content));
                        send(exchange, 200, windowJson(scope, query.get("id"), content));
                    }
                }
                case "DELETE /window" -> {
                    boolean had = windows.remove(scope + "/" + query.get("id")) != null;
                    exchange.sendResponseHeaders(had ? 204 : 404, -1);
                }
                case "POST /learn" -> {
                    learned.add(JSON.readTree(body).get("turns"));
                    send(exchange, 200, "{\"added\":[],\"reinforced\":[],\"skipped\":0}");
                }
                default -> send(exchange, 404, "{\"status\":404,\"title\":\"Not Found\"}");
            }
        }
    }

    /** As the server: the content's hash, quoted. */
    private static String etag(String content) {
        return "\"" + Integer.toHexString(content.hashCode()) + "-" + content.length() + "\"";
    }

    private static String windowJson(String scope, String id, String content) throws IOException {
        return JSON.writeValueAsString(Map.of("scope", scope, "id", id, "content", content, "size", content.length()));
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> q = new LinkedHashMap<>();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                q.put(
                        URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8),
                        eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return q;
    }

    private static void send(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
