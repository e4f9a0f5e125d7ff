package dev.memoria.fact.entity;

import java.util.Locale;

/** How a version of a fact came to be, as its history names it. */
public enum Change {
    CREATED,
    EDITED,
    REPLACED,
    IMPORTED,
    RESTORED,
    SUPERSEDED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static java.util.Optional<Change> fromWire(String name) {
        for (Change change : values()) {
            if (change.wireName().equals(name)) {
                return java.util.Optional.of(change);
            }
        }
        return java.util.Optional.empty();
    }
}
