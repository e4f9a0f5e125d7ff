package dev.memoria.client;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A fact as the server returns it. {@code retention} is null only where the server leaves it out. */
public record Fact(
        String id,
        String scope,
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
        long accessCount,
        Instant expiresAt,
        Double retention,
        int version,
        Instant validFrom,
        Instant validTo,
        String supersededBy) {

    static Fact from(Map<String, Object> o) {
        return new Fact(
                JsonRead.string(o, "id"),
                JsonRead.string(o, "scope"),
                JsonRead.string(o, "key"),
                JsonRead.string(o, "title"),
                JsonRead.string(o, "content"),
                JsonRead.string(o, "category"),
                FactType.of(JsonRead.string(o, "type")),
                JsonRead.doubleValue(o, "importance"),
                JsonRead.bool(o, "persistent"),
                JsonRead.strings(o, "tags"),
                JsonRead.string(o, "source"),
                JsonRead.instant(o, "created_at"),
                JsonRead.instant(o, "updated_at"),
                JsonRead.instant(o, "last_accessed_at"),
                JsonRead.longValue(o, "access_count"),
                JsonRead.instant(o, "expires_at"),
                JsonRead.nullableDouble(o, "retention"),
                JsonRead.intValue(o, "version"),
                JsonRead.instant(o, "valid_from"),
                JsonRead.instant(o, "valid_to"),
                JsonRead.string(o, "superseded_by"));
    }

    static Fact from(Object o) {
        return from(JsonRead.object(o));
    }

    /** Current: not superseded, or superseded only in the future. */
    public boolean isCurrent() {
        return validTo == null || validTo.isAfter(Instant.now());
    }
}
