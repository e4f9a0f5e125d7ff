package dev.memoria.fact.entity;

import dev.memoria.platform.entity.DomainException;
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

    /** A type a client names in a query or a form: absent or blank is none, anything but the three is refused. */
    public static FactType parameter(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        return fromWire(text.strip())
                .orElseThrow(() -> DomainException.invalid("type", "must be one of semantic, episodic, procedural"));
    }
}
