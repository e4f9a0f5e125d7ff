package dev.memoria.client;

import java.time.Instant;

/**
 * Filters of {@link MemoriaClient#list}: every field is optional (null). {@code asOf} reads the scope as it was
 * then.
 */
public record ListQuery(
        String category,
        FactType type,
        String tag,
        Boolean persistent,
        String q,
        Integer limit,
        String cursor,
        Boolean includeSuperseded,
        Instant asOf) {

    public static ListQuery all() {
        return new ListQuery(null, null, null, null, null, null, null, null, null);
    }

    public ListQuery withCategory(String category) {
        return new ListQuery(category, type, tag, persistent, q, limit, cursor, includeSuperseded, asOf);
    }

    public ListQuery withType(FactType type) {
        return new ListQuery(category, type, tag, persistent, q, limit, cursor, includeSuperseded, asOf);
    }

    public ListQuery withTag(String tag) {
        return new ListQuery(category, type, tag, persistent, q, limit, cursor, includeSuperseded, asOf);
    }

    public ListQuery withPersistent(Boolean persistent) {
        return new ListQuery(category, type, tag, persistent, q, limit, cursor, includeSuperseded, asOf);
    }

    public ListQuery withText(String q) {
        return new ListQuery(category, type, tag, persistent, q, limit, cursor, includeSuperseded, asOf);
    }

    public ListQuery withLimit(int limit) {
        return new ListQuery(category, type, tag, persistent, q, limit, cursor, includeSuperseded, asOf);
    }

    public ListQuery withCursor(String cursor) {
        return new ListQuery(category, type, tag, persistent, q, limit, cursor, includeSuperseded, asOf);
    }

    public ListQuery withSuperseded(boolean includeSuperseded) {
        return new ListQuery(category, type, tag, persistent, q, limit, cursor, includeSuperseded, asOf);
    }

    public ListQuery asOf(Instant asOf) {
        return new ListQuery(category, type, tag, persistent, q, limit, cursor, includeSuperseded, asOf);
    }

    Query toQuery() {
        return new Query()
                .add("category", category)
                .add("type", type)
                .add("tag", tag)
                .add("persistent", persistent)
                .add("q", q)
                .add("limit", limit)
                .add("cursor", cursor)
                .add("include_superseded", includeSuperseded)
                .add("as_of", asOf);
    }
}
