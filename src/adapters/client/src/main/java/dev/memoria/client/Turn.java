package dev.memoria.client;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** One turn of a conversation for {@code learn}: role {@code user}, {@code assistant}, {@code system} or {@code tool}. */
public record Turn(String role, String content) {

    public Turn {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
    }

    public static Turn user(String content) {
        return new Turn("user", content);
    }

    public static Turn assistant(String content) {
        return new Turn("assistant", content);
    }

    public static Turn system(String content) {
        return new Turn("system", content);
    }

    Map<String, Object> toJson() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("role", role);
        o.put("content", content);
        return o;
    }
}
