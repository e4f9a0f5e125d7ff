package dev.memoria.stats.control;

import dev.memoria.dailylog.control.DailyLogRepository;
import dev.memoria.fact.control.FactRepository;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactType;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.scope.entity.Scope;
import dev.memoria.snapshot.control.SnapshotRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Counts and averages of one scope, as GET /stats reports them. */
@ApplicationScoped
@Transactional
public class ScopeStatistics {

    public record Stats(
            long totalFacts,
            long persistentFacts,
            double averageImportance,
            double averageRetention,
            Map<String, Long> byType,
            Map<String, Long> byCategory,
            long logDays,
            long logEntries,
            long snapshots) {}

    @Inject
    Clock clock;

    @Inject
    FactRepository facts;

    @Inject
    DailyLogRepository logs;

    @Inject
    SnapshotRepository snapshots;

    public Stats of(Scope scope) {
        Instant now = Timestamps.now(clock);
        List<Fact> live = facts.current(scope, now);
        Map<String, Long> byType = new TreeMap<>();
        for (FactType type : FactType.values()) {
            byType.put(type.wireName(), 0L);
        }
        Map<String, Long> byCategory = new TreeMap<>();
        double importance = 0;
        double retention = 0;
        long persistent = 0;
        for (Fact fact : live) {
            byType.merge(fact.type().wireName(), 1L, Long::sum);
            byCategory.merge(fact.category(), 1L, Long::sum);
            importance += fact.importance();
            retention += fact.retention(now);
            persistent += fact.persistent() ? 1 : 0;
        }
        int n = live.size();
        long[] log = logs.daysAndEntries(scope.value());
        return new Stats(
                n,
                persistent,
                n == 0 ? 0 : importance / n,
                n == 0 ? 0 : retention / n,
                byType,
                byCategory,
                log[0],
                log[1],
                snapshots.count(scope.value()));
    }
}
