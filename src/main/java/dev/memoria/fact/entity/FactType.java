package dev.memoria.fact.entity;

import java.util.Arrays;
import java.util.Optional;

/** The kind of memory, as in cognitive science: facts and preferences, events, how-tos. */
public enum FactType {
    SEMANTIC,
    EPISODIC,
    PROCEDURAL;

    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static Optional<FactType> fromWire(String text) {
        return Arrays.stream(values()).filter(t -> t.wireName().equals(text)).findFirst();
    }
}
