package dev.memoria.recall.control;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** How recall ranks: words and meaning fused, words alone (BM25), or meaning alone. */
public enum RecallMode {
    HYBRID,
    KEYWORD,
    SEMANTIC;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<RecallMode> fromWire(String name) {
        return Arrays.stream(values())
                .filter(mode -> mode.wireName().equals(name))
                .findFirst();
    }
}
