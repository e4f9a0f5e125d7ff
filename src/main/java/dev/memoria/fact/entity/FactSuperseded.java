package dev.memoria.fact.entity;

import java.time.Instant;

/** A fact ended automatically by a newer one, in the current transaction: audited, and undoable. */
public record FactSuperseded(String scope, String factId, String content, Instant at) {}
