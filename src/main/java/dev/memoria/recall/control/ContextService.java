package dev.memoria.recall.control;

import dev.memoria.dailylog.control.DailyLogRepository;
import dev.memoria.fact.control.FactRepository;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantSettingsRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.List;

/** Assembles the prompt-ready context block of a scope. */
@ApplicationScoped
@Transactional
public class ContextService {

    static final int RELEVANT_FACTS = 5;

    @Inject
    FactRepository facts;

    @Inject
    DailyLogRepository logs;

    @Inject
    RecallService recall;

    @Inject
    TenantSettingsRepository settings;

    public String context(Scope scope, String query, Integer maxTokens) {
        facts.readAroundPendingAccesses(); // an agent asks on every turn; the block shows no access counts
        List<ContextBlock.LongTermFact> longTerm = facts.persistent(scope, Timestamps.now()).stream()
                .map(f -> new ContextBlock.LongTermFact(f.category(), f.content()))
                .toList();
        List<ContextBlock.RelevantFact> relevant = query == null || query.isBlank()
                ? List.of()
                : recall.recall(scope, query, RELEVANT_FACTS, RecallService.Filter.none()).items().stream()
                        .map(r -> new ContextBlock.RelevantFact(
                                r.fact().category(), r.fact().content()))
                        .toList();
        int recentEntries = settings.current().maxContextEntries();
        List<ContextBlock.RecentEntry> recent = recentEntries == 0
                ? List.of()
                : logs.latest(scope.value(), recentEntries).stream()
                        .map(e -> new ContextBlock.RecentEntry(e.loggedAt(), e.category(), e.content()))
                        .toList();
        return new ContextBlock(longTerm, relevant, recent).render(maxTokens);
    }
}
