package dev.memoria.fact.entity;

/** What a fact is when the caller does not say. */
public final class FactDefaults {

    public static final String CATEGORY = "general";
    public static final double IMPORTANCE = 0.5;
    public static final String SOURCE = "api";

    private FactDefaults() {}
}
