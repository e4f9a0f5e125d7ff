package dev.memoria.client;

import java.util.Map;

/** A scope's numbers. */
public record Stats(
        long totalFacts,
        long persistentFacts,
        double avgImportance,
        double avgRetention,
        Map<String, Long> byType,
        Map<String, Long> byCategory,
        long logDays,
        long logEntries,
        long snapshots,
        long embeddedFacts,
        long embeddingBacklog) {

    static Stats from(Map<String, Object> o) {
        return new Stats(
                JsonRead.longValue(o, "total_facts"),
                JsonRead.longValue(o, "persistent_facts"),
                JsonRead.doubleValue(o, "avg_importance"),
                JsonRead.doubleValue(o, "avg_retention"),
                JsonRead.counts(o, "by_type"),
                JsonRead.counts(o, "by_category"),
                JsonRead.longValue(o, "log_days"),
                JsonRead.longValue(o, "log_entries"),
                JsonRead.longValue(o, "snapshots"),
                JsonRead.longValue(o, "embedded_facts"),
                JsonRead.longValue(o, "embedding_backlog"));
    }
}
