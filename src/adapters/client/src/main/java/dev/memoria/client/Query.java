package dev.memoria.client;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** A query string, built from the parameters that are set. */
final class Query {

    private final StringBuilder text = new StringBuilder();

    Query add(String name, Object value) {
        if (value != null) {
            text.append(text.length() == 0 ? '?' : '&').append(name).append('=').append(encode(value.toString()));
        }
        return this;
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
