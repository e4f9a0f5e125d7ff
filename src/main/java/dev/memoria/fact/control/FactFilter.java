package dev.memoria.fact.control;

import dev.memoria.fact.entity.FactType;

/** Optional narrowing of a fact list; null means "any". */
public record FactFilter(String category, FactType type, String tag, Boolean persistent, String text) {

    public static FactFilter none() {
        return new FactFilter(null, null, null, null, null);
    }
}
