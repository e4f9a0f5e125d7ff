package dev.memoria.client;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What to remember: the input fields of a fact. Fields left null take the server's defaults. Build one with
 * {@link #of(String)} and the {@code with…} methods, or {@link #builder(String)}.
 */
public record FactInput(
        String content,
        String key,
        String title,
        String category,
        FactType type,
        Double importance,
        Boolean persistent,
        List<String> tags,
        String source,
        Long ttlSeconds,
        Boolean dedupe,
        Instant validFrom,
        List<String> supersedes) {

    public FactInput {
        tags = tags == null ? null : List.copyOf(tags);
        supersedes = supersedes == null ? null : List.copyOf(supersedes);
    }

    public static FactInput of(String content) {
        return new FactInput(
                Objects.requireNonNull(content, "content"),
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    public static Builder builder(String content) {
        return new Builder(content);
    }

    public Builder toBuilder() {
        Builder b = new Builder(content);
        b.key = key;
        b.title = title;
        b.category = category;
        b.type = type;
        b.importance = importance;
        b.persistent = persistent;
        b.tags = tags;
        b.source = source;
        b.ttlSeconds = ttlSeconds;
        b.dedupe = dedupe;
        b.validFrom = validFrom;
        b.supersedes = supersedes;
        return b;
    }

    Map<String, Object> toJson() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("content", content);
        put(o, "key", key);
        put(o, "title", title);
        put(o, "category", category);
        put(o, "type", type == null ? null : type.toString());
        put(o, "importance", importance);
        put(o, "persistent", persistent);
        put(o, "tags", tags);
        put(o, "source", source);
        put(o, "ttl_seconds", ttlSeconds);
        put(o, "dedupe", dedupe);
        put(o, "valid_from", validFrom == null ? null : validFrom.toString());
        put(o, "supersedes", supersedes);
        return o;
    }

    private static void put(Map<String, Object> o, String name, Object value) {
        if (value != null) {
            o.put(name, value);
        }
    }

    /** Builds a {@link FactInput}. */
    public static final class Builder {
        private String content;
        private String key;
        private String title;
        private String category;
        private FactType type;
        private Double importance;
        private Boolean persistent;
        private List<String> tags;
        private String source;
        private Long ttlSeconds;
        private Boolean dedupe;
        private Instant validFrom;
        private List<String> supersedes;

        private Builder(String content) {
            this.content = content;
        }

        public Builder content(String content) {
            this.content = content;
            return this;
        }

        public Builder key(String key) {
            this.key = key;
            return this;
        }

        public Builder title(String title) {
            this.title = title;
            return this;
        }

        public Builder category(String category) {
            this.category = category;
            return this;
        }

        public Builder type(FactType type) {
            this.type = type;
            return this;
        }

        public Builder importance(double importance) {
            this.importance = importance;
            return this;
        }

        public Builder persistent(boolean persistent) {
            this.persistent = persistent;
            return this;
        }

        public Builder tags(List<String> tags) {
            this.tags = tags;
            return this;
        }

        public Builder tags(String... tags) {
            this.tags = List.of(tags);
            return this;
        }

        public Builder source(String source) {
            this.source = source;
            return this;
        }

        public Builder ttlSeconds(long ttlSeconds) {
            this.ttlSeconds = ttlSeconds;
            return this;
        }

        public Builder dedupe(boolean dedupe) {
            this.dedupe = dedupe;
            return this;
        }

        public Builder validFrom(Instant validFrom) {
            this.validFrom = validFrom;
            return this;
        }

        public Builder supersedes(List<String> ids) {
            this.supersedes = ids;
            return this;
        }

        public FactInput build() {
            return new FactInput(
                    Objects.requireNonNull(content, "content"),
                    key,
                    title,
                    category,
                    type,
                    importance,
                    persistent,
                    tags,
                    source,
                    ttlSeconds,
                    dedupe,
                    validFrom,
                    supersedes);
        }
    }
}
