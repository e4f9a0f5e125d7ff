package dev.memoria.fact.entity;

import java.time.Instant;

/**
 * What capacity eviction ranks a fact by, without its text or a persistence context: a scope of a hundred
 * thousand facts fits in memory this way, where its entities did not.
 */
public record FactStanding(
        String id,
        boolean persistent,
        double importance,
        int accessCount,
        Instant createdAt,
        Instant lastAccessedAt,
        Instant expiresAt,
        Instant validTo) {

    public boolean isExpired(Instant now) {
        return expiresAt != null && !expiresAt.isAfter(now);
    }

    /** True when a newer fact has replaced it: it stays for history, and goes before any current fact. */
    public boolean isSuperseded(Instant now) {
        return validTo != null && !validTo.isAfter(now);
    }

    public double retention(Instant now) {
        return RetentionCurve.retention(
                persistent, importance, accessCount, lastAccessedAt != null ? lastAccessedAt : createdAt, now);
    }
}
