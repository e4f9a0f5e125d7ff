package dev.memoria.window.entity;

import dev.memoria.fact.entity.FactKey;

/** A window's id follows a fact key's rules: 1-128 characters, no control characters, no space at either end. */
public final class WindowId {

    public static final int MAX_LENGTH = FactKey.MAX_LENGTH;

    private WindowId() {}

    /** Why {@code id} is not a window id, or null when it is one. */
    public static String problemWith(String id) {
        return FactKey.problemWith(id);
    }
}
