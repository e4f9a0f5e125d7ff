package dev.memoria.fact.entity;

import java.time.Instant;
import java.util.List;

/** What a fact shows: a live fact, or its frozen copy in a snapshot. */
public interface FactView {

    String id();

    String scopeName();

    String key();

    String title();

    String content();

    String category();

    FactType type();

    double importance();

    boolean persistent();

    List<String> tags();

    String source();

    Instant createdAt();

    Instant updatedAt();

    Instant lastAccessedAt();

    int accessCount();

    Instant expiresAt();

    /** Version and validity; a snapshot's copy is its fact's first version unless it says more. */
    default Validity validity() {
        return Validity.first(createdAt());
    }

    /** Expired facts are never shown, whether or not the TTL job has deleted them yet. */
    default boolean isExpired(Instant now) {
        return expiresAt() != null && !expiresAt().isAfter(now);
    }

    /** What reads of the present show: neither expired nor superseded by now. */
    default boolean isCurrent(Instant now) {
        return !isExpired(now) && validity().isCurrent(now);
    }

    default double retention(Instant now) {
        return RetentionCurve.retention(
                persistent(),
                importance(),
                accessCount(),
                lastAccessedAt() != null ? lastAccessedAt() : createdAt(),
                now);
    }
}
