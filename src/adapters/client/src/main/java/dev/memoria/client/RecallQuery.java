package dev.memoria.client;

import java.time.Instant;

/** A recall: the query text and optional mode, limit (1–100), filters and point in time ({@code as_of}). */
public record RecallQuery(
        String q,
        Integer limit,
        RecallMode mode,
        FactType type,
        String category,
        String tag,
        Boolean includeSuperseded,
        Instant asOf) {

    public static RecallQuery of(String q) {
        return new RecallQuery(q, null, null, null, null, null, null, null);
    }

    public RecallQuery withLimit(int limit) {
        return new RecallQuery(q, limit, mode, type, category, tag, includeSuperseded, asOf);
    }

    public RecallQuery withMode(RecallMode mode) {
        return new RecallQuery(q, limit, mode, type, category, tag, includeSuperseded, asOf);
    }

    public RecallQuery withType(FactType type) {
        return new RecallQuery(q, limit, mode, type, category, tag, includeSuperseded, asOf);
    }

    public RecallQuery withCategory(String category) {
        return new RecallQuery(q, limit, mode, type, category, tag, includeSuperseded, asOf);
    }

    public RecallQuery withTag(String tag) {
        return new RecallQuery(q, limit, mode, type, category, tag, includeSuperseded, asOf);
    }

    public RecallQuery withSuperseded(boolean includeSuperseded) {
        return new RecallQuery(q, limit, mode, type, category, tag, includeSuperseded, asOf);
    }

    public RecallQuery asOf(Instant asOf) {
        return new RecallQuery(q, limit, mode, type, category, tag, includeSuperseded, asOf);
    }

    Query toQuery() {
        return new Query()
                .add("q", q)
                .add("limit", limit)
                .add("mode", mode)
                .add("type", type)
                .add("category", category)
                .add("tag", tag)
                .add("include_superseded", includeSuperseded)
                .add("as_of", asOf);
    }
}
