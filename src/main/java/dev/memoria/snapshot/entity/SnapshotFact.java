package dev.memoria.snapshot.entity;

import dev.memoria.fact.entity.FactType;
import dev.memoria.fact.entity.FactView;
import java.time.Instant;
import java.util.List;

/** A fact as a snapshot froze it; read-only, never managed by JPA. */
public record SnapshotFact(
        String id,
        String scopeName,
        String key,
        String title,
        String content,
        String category,
        FactType type,
        double importance,
        boolean persistent,
        List<String> tags,
        String source,
        Instant createdAt,
        Instant updatedAt,
        Instant lastAccessedAt,
        int accessCount,
        Instant expiresAt)
        implements FactView {}
