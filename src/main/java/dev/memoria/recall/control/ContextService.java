package dev.memoria.recall.control;

import dev.memoria.dailylog.control.DailyLogRepository;
import dev.memoria.dailylog.entity.DailyLogEntry;
import dev.memoria.fact.control.FactReads;
import dev.memoria.fact.control.FactRepository;
import dev.memoria.fact.control.PastFacts;
import dev.memoria.fact.entity.Fact;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantSettingsRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/** Assembles the prompt-ready context block of a scope. */
@ApplicationScoped
@Transactional
public class ContextService {

    static final int RELEVANT_FACTS = 5;

    @Inject
    Clock clock;

    @Inject
    FactRepository facts;

    @Inject
    FactReads reads;

    @Inject
    DailyLogRepository logs;

    @Inject
    RecallService recall;

    @Inject
    TenantSettingsRepository settings;

    @Inject
    PastFacts past;

    /** How many more log entries than it shows [Recent Memory] reads, to fill up after leaving some out. */
    static final int RECENT_READ_FACTOR = 4;

    public String context(Scope scope, String query, Integer maxTokens) {
        reads.readAroundPendingAccesses(); // an agent asks on every turn; the block shows no access counts
        Instant now = Timestamps.now(clock);
        List<Fact> persistent = facts.persistent(scope, now);
        Set<String> longTermIds = persistent.stream().map(Fact::id).collect(Collectors.toSet());
        List<ContextBlock.LongTermFact> longTerm = persistent.stream()
                .map(f -> new ContextBlock.LongTermFact(f.category(), f.content()))
                .toList();
        List<ContextBlock.RelevantFact> relevant = query == null || query.isBlank()
                ? List.of()
                : recall.recall(scope, query, RELEVANT_FACTS, RecallService.Filter.none()).items().stream()
                        .filter(r -> !longTermIds.contains(r.fact().id())) // shown once, in [Long-term Memory]
                        .map(r -> new ContextBlock.RelevantFact(
                                r.fact().category(), r.fact().content()))
                        .toList();
        int recentEntries = settings.current().maxContextEntries();
        List<ContextBlock.RecentEntry> recent = recentEntries == 0 ? List.of() : recent(scope, recentEntries, now);
        return new ContextBlock(longTerm, relevant, recent).render(maxTokens);
    }

    /**
     * The block as it would have been at {@code at}: the facts of then, recalled as of then, and the log entries
     * written by then that said what was true then.
     */
    public String contextAsOf(Scope scope, String query, Integer maxTokens, Instant at) {
        List<Fact> then = past.asOf(scope, at);
        Map<String, Fact> byId = then.stream().collect(Collectors.toMap(Fact::id, fact -> fact));
        List<Fact> persistent = then.stream().filter(Fact::persistent).toList();
        Set<String> longTermIds = persistent.stream().map(Fact::id).collect(Collectors.toSet());
        List<ContextBlock.LongTermFact> longTerm = persistent.stream()
                .map(f -> new ContextBlock.LongTermFact(f.category(), f.content()))
                .toList();
        List<ContextBlock.RelevantFact> relevant = query == null || query.isBlank()
                ? List.of()
                : recall.recallAsOf(scope, query, RELEVANT_FACTS, RecallService.Filter.none(), at).items().stream()
                        .filter(r -> !longTermIds.contains(r.fact().id()))
                        .map(r -> new ContextBlock.RelevantFact(
                                r.fact().category(), r.fact().content()))
                        .toList();
        int recentEntries = settings.current().maxContextEntries();
        List<ContextBlock.RecentEntry> recent = recentEntries == 0
                ? List.of()
                : stillTrue(
                        logs.latest(scope.value(), recentEntries * RECENT_READ_FACTOR, at), byId, at, recentEntries);
        return new ContextBlock(longTerm, relevant, recent).render(maxTokens);
    }

    /**
     * The newest {@code wanted} log entries that still say what is true: one a fact and day (reinforcing adds
     * entries, not news), and none of a fact that is superseded, nor of a version its fact has since replaced.
     */
    private List<ContextBlock.RecentEntry> recent(Scope scope, int wanted, Instant now) {
        List<DailyLogEntry> entries = logs.latest(scope.value(), wanted * RECENT_READ_FACTOR);
        Set<String> factIds = entries.stream()
                .map(DailyLogEntry::factId)
                .filter(Objects::nonNull)
                .collect(Collectors.toSet());
        Map<String, Fact> byId =
                reads.liveAmong(scope, factIds, now).stream().collect(Collectors.toMap(Fact::id, fact -> fact));
        return stillTrue(entries, byId, now, wanted);
    }

    /** Of {@code entries} (oldest first), the newest {@code wanted} whose fact said the same at {@code at}. */
    private static List<ContextBlock.RecentEntry> stillTrue(
            List<DailyLogEntry> entries, Map<String, Fact> byId, Instant at, int wanted) {
        Set<String> shown = new HashSet<>();
        List<ContextBlock.RecentEntry> recent = new ArrayList<>();
        for (int i = entries.size() - 1; i >= 0 && recent.size() < wanted; i--) { // newest first
            DailyLogEntry entry = entries.get(i);
            if (entry.factId() != null) {
                Fact fact = byId.get(entry.factId());
                if (fact == null
                        || !fact.isCurrent(at)
                        || !fact.content().equals(entry.content())
                        || !shown.add(entry.factId() + " " + entry.day())) {
                    continue;
                }
            }
            recent.add(new ContextBlock.RecentEntry(entry.loggedAt(), entry.category(), entry.content()));
        }
        Collections.reverse(recent);
        return recent;
    }
}
