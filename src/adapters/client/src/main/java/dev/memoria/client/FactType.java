package dev.memoria.client;

import java.util.Locale;

/** What kind of memory a fact is. */
public enum FactType {
    SEMANTIC,
    EPISODIC,
    PROCEDURAL;

    /** The name on the wire: {@code semantic}, {@code episodic}, {@code procedural}. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }

    static FactType of(String value) {
        return value == null ? null : valueOf(value.toUpperCase(Locale.ROOT));
    }
}
