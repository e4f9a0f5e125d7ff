package dev.memoria.fact.control;

import dev.memoria.fact.entity.FactType;

/** Optional narrowing of a fact list; null means "any". */
public record FactFilter(String category, FactType type, String tag, Boolean persistent, String text) {}
