package dev.memoria.client;

import java.util.Locale;

/** How recall ranks: BM25 and embeddings fused, or either alone. */
public enum RecallMode {
    HYBRID,
    KEYWORD,
    SEMANTIC;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }

    static RecallMode of(String value) {
        return value == null ? null : valueOf(value.toUpperCase(Locale.ROOT));
    }
}
