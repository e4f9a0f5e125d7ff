package dev.memoria.stats.boundary;

import dev.memoria.embedding.control.EmbeddingCounts;
import dev.memoria.platform.control.Jsons;
import dev.memoria.stats.control.ScopeStatistics;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.Map;

/** The wire form of a scope's statistics, shared by GET /stats and the stats tool. */
public final class StatsJson {

    private StatsJson() {}

    public static JsonObject of(ScopeStatistics.Stats stats, EmbeddingCounts.Counts vectors) {
        return Jsons.createObjectBuilder()
                .add("total_facts", stats.totalFacts())
                .add("persistent_facts", stats.persistentFacts())
                .add("avg_importance", round(stats.averageImportance()))
                .add("avg_retention", round(stats.averageRetention()))
                .add("by_type", counts(stats.byType()))
                .add("by_category", counts(stats.byCategory()))
                .add("log_days", stats.logDays())
                .add("log_entries", stats.logEntries())
                .add("snapshots", stats.snapshots())
                .add("embedded_facts", vectors.embedded())
                .add("embedding_backlog", vectors.waiting())
                .build();
    }

    private static JsonObjectBuilder counts(Map<String, Long> counts) {
        JsonObjectBuilder json = Jsons.createObjectBuilder();
        counts.forEach(json::add);
        return json;
    }

    private static double round(double value) {
        return Math.round(value * 1e6) / 1e6;
    }
}
