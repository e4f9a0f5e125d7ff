package dev.memoria.fact.entity;

import java.time.Instant;

/** A write that may have added facts to the scope is done, at {@code at}: capacity trims the scope back in its transaction. */
public record FactsAdded(String scope, Instant at) {}
