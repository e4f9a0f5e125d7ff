package dev.memoria.console.entity;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** What a console user may do: support staff read, admins also change (facts, snapshots, settings, users). */
public enum ConsoleRole {
    SUPPORT,
    ADMIN;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean canChange() {
        return this == ADMIN;
    }

    public static Optional<ConsoleRole> fromWire(String text) {
        return Arrays.stream(values())
                .filter(role -> role.wireName().equals(text))
                .findFirst();
    }
}
