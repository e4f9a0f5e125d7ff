package dev.memoria.recall.control;

import dev.memoria.dailylog.control.DailyLogRepository;
import dev.memoria.dailylog.entity.DailyLogEntry;
import dev.memoria.fact.control.FactReads;
import dev.memoria.fact.control.FactRepository;
import dev.memoria.fact.control.PastFacts;
import dev.memoria.fact.entity.Fact;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.scope.entity.Scope;
import dev.memoria.supersession.control.FactFrames;
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
        return context(List.of(scope), query, maxTokens, null);
    }

    public String contextAsOf(Scope scope, String query, Integer maxTokens, Instant at) {
        return context(List.of(scope), query, maxTokens, at);
    }

    /**
     * The block an agent reading several scopes gets (as of {@code at}, or now when null): [Long-term Memory]
     * grouped by scope when there are several, [Relevant Memory] recalled from all of them on one scale, each line
     * dated when there are several (facts of two scopes may disagree: the date tells which is newer), and
     * [Recent Memory] merged in time order.
     */
    public String context(List<Scope> scopes, String query, Integer maxTokens, Instant at) {
        boolean several = scopes.size() > 1;
        Instant now = at != null ? at : Timestamps.now(clock);
        if (at == null) {
            reads.readAroundPendingAccesses(); // an agent asks on every turn; the block shows no access counts
        }
        List<ContextBlock.LongTermFact> longTerm = new ArrayList<>();
        Set<String> longTermIds = new HashSet<>();
        Map<String, Fact> then = new java.util.HashMap<>();
        for (Scope scope : scopes) {
            List<Fact> persistent;
            if (at == null) {
                persistent = facts.persistent(scope, now);
            } else {
                List<Fact> past = this.past.asOf(scope, at);
                past.forEach(fact -> then.put(fact.id(), fact));
                persistent = past.stream().filter(Fact::persistent).toList();
            }
            persistent.forEach(f -> {
                longTermIds.add(f.id());
                longTerm.add(new ContextBlock.LongTermFact(several ? scope.value() : null, f.category(), f.content()));
            });
        }
        List<ContextBlock.RelevantFact> relevant = query == null || query.isBlank()
                ? List.of()
                : (at == null
                                ? recall.recall(
                                        scopes,
                                        query,
                                        RELEVANT_FACTS,
                                        RecallService.Filter.none(),
                                        RecallMode.HYBRID,
                                        0)
                                : recall.recallAsOf(scopes, query, RELEVANT_FACTS, RecallService.Filter.none(), at, 0))
                        .items().stream()
                                .filter(r -> !longTermIds.contains(r.fact().id())) // shown once, in [Long-term Memory]
                                .map(RecallService.Recalled::fact)
                                .collect(java.util.stream.Collectors.collectingAndThen(
                                        java.util.stream.Collectors.toList(), found -> relevant(found, several)));
        int recentEntries = settings.current().maxContextEntries();
        List<ContextBlock.RecentEntry> recent = new ArrayList<>();
        if (recentEntries > 0) {
            for (Scope scope : scopes) {
                recent.addAll(
                        at == null
                                ? recent(scope, recentEntries, now)
                                : stillTrue(
                                        logs.latest(scope.value(), recentEntries * RECENT_READ_FACTOR, at),
                                        then,
                                        at,
                                        recentEntries));
            }
            recent.sort(java.util.Comparator.comparing(ContextBlock.RecentEntry::at));
            if (recent.size() > recentEntries) {
                recent = new ArrayList<>(recent.subList(recent.size() - recentEntries, recent.size()));
            }
        }
        return new ContextBlock(longTerm, relevant, recent).render(maxTokens);
    }

    /**
     * The recalled facts as [Relevant Memory] lines, best first, except that of two facts stating two values of one
     * frame which nothing decided between ("Therapy is on Mondays" / "Therapy is on Fridays"), the newer comes first
     * and both are dated, so the reader can tell which holds now; with several scopes every line is dated.
     */
    static List<ContextBlock.RelevantFact> relevant(List<Fact> found, boolean several) {
        List<Fact> ordered = new ArrayList<>(found);
        Set<String> dated = new HashSet<>();
        for (int j = 1; j < ordered.size(); j++) {
            for (int i = 0; i < j; i++) {
                Fact earlier = ordered.get(i);
                Fact later = ordered.get(j);
                if (sharesAWord(earlier.content(), later.content())
                        && FactFrames.shareAFrame(earlier.content(), later.content())) {
                    dated.add(earlier.id());
                    dated.add(later.id());
                    if (later.validity().validFrom().isAfter(earlier.validity().validFrom())) {
                        ordered.remove(j);
                        ordered.add(i, later);
                        break;
                    }
                }
            }
        }
        return ordered.stream()
                .map(fact -> new ContextBlock.RelevantFact(
                        fact.category(),
                        fact.content(),
                        several || dated.contains(fact.id()) ? fact.validity().validFrom() : null))
                .toList();
    }

    /** A cheap first test before reading frames: a word of three letters or more in common. */
    private static boolean sharesAWord(String a, String b) {
        Set<String> words = new HashSet<>(
                java.util.Arrays.asList(a.toLowerCase(java.util.Locale.ROOT).split("\\W+")));
        return java.util.Arrays.stream(b.toLowerCase(java.util.Locale.ROOT).split("\\W+"))
                .anyMatch(word -> word.length() >= 3 && words.contains(word));
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
