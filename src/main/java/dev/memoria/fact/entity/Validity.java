package dev.memoria.fact.entity;

import java.time.Instant;

/**
 * A fact's current version and its time: which version (from 1), when it became true and stopped being true in
 * the world ({@code validTo} null while current), the newer fact that superseded it, and when and how the
 * version was written.
 */
public record Validity(
        int version, Instant validFrom, Instant validTo, String supersededBy, Instant changedAt, Change change) {

    /** A fact's first version, true from when it was written: what a fact without history has. */
    public static Validity first(Instant createdAt) {
        return new Validity(1, createdAt, null, null, createdAt, Change.CREATED);
    }

    /** Current at {@code now}: not superseded, or superseded only from a later time. */
    public boolean isCurrent(Instant now) {
        return validTo == null || validTo.isAfter(now);
    }
}
