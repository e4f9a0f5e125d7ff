package dev.memoria.fact.entity;

import java.time.Instant;

/** A superseded fact made current again ({@code "superseded_by": null}), in the current transaction: audited. */
public record FactReinstated(String scope, String factId, String content, Instant at) {}
