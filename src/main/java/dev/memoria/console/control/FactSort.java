package dev.memoria.console.control;

import java.util.Arrays;
import java.util.Locale;

/** The orders the console's fact table offers; each is a fixed JPQL ORDER BY, never text from the request. */
public enum FactSort {
    NEWEST("f.createdAt DESC, f.id DESC"),
    OLDEST("f.createdAt ASC, f.id ASC"),
    UPDATED("f.updatedAt DESC, f.id DESC"),
    IMPORTANCE("f.importance DESC, f.createdAt DESC, f.id DESC"),
    CATEGORY("f.category ASC, f.createdAt DESC, f.id DESC"),
    ACCESSES("f.accessCount DESC, f.createdAt DESC, f.id DESC");

    private final String orderBy;

    FactSort(String orderBy) {
        this.orderBy = orderBy;
    }

    public String orderBy() {
        return orderBy;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Unknown or missing values sort newest first. */
    public static FactSort fromWire(String text) {
        return Arrays.stream(values())
                .filter(sort -> sort.wireName().equals(text))
                .findFirst()
                .orElse(NEWEST);
    }
}
