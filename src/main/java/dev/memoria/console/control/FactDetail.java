package dev.memoria.console.control;

import dev.memoria.fact.entity.FactView;
import java.time.Instant;
import java.util.List;

/**
 * Every field of a fact (live or in a snapshot) as console pages show it, and whether a newer fact superseded it;
 * no entity reaches a template.
 */
public record FactDetail(
        String id,
        String scope,
        String key,
        String title,
        String content,
        String category,
        String type,
        double importance,
        boolean persistent,
        List<String> tags,
        String source,
        Instant createdAt,
        Instant updatedAt,
        Instant lastAccessedAt,
        int accessCount,
        Instant expiresAt,
        double retention,
        boolean superseded) {

    public static FactDetail of(FactView fact, Instant now) {
        return new FactDetail(
                fact.id(),
                fact.scopeName(),
                fact.key(),
                fact.title(),
                fact.content(),
                fact.category(),
                fact.type().wireName(),
                fact.importance(),
                fact.persistent(),
                List.copyOf(fact.tags()),
                fact.source(),
                fact.createdAt(),
                fact.updatedAt(),
                fact.lastAccessedAt(),
                fact.accessCount(),
                fact.expiresAt(),
                fact.retention(now),
                fact instanceof dev.memoria.fact.entity.Fact live
                        && live.validity().supersededBy() != null);
    }

    /** The content cut to one table cell. */
    public String preview() {
        String oneLine = content.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= 140 ? oneLine : oneLine.substring(0, 139) + "…";
    }

    public String tagList() {
        return String.join(", ", tags);
    }
}
