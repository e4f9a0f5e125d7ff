package dev.memoria.lifecycle.control;

import dev.memoria.fact.control.FactRepository;
import dev.memoria.fact.control.FactWrites;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactStanding;
import dev.memoria.fact.entity.FactsAdded;
import dev.memoria.fact.entity.FactsRemoved;
import dev.memoria.recall.control.KeywordIndex;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantSettingsRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * Keeps a scope within the tenant's max_facts_per_scope, in the transaction of the write that went over:
 * expired facts go first, then the lowest importance x retention, persistent facts only when no other
 * fact is left.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class CapacityGuard {

    @Inject
    FactRepository facts;

    @Inject
    KeywordIndex index;

    @Inject
    FactWrites writes;

    @Inject
    TenantSettingsRepository settings;

    void onAdded(@Observes FactsAdded added) {
        enforce(Scope.of(added.scope()), added.at());
    }

    /** Evicts what exceeds the limit; returns how many facts went. */
    public int enforce(Scope scope, Instant now) {
        int limit = settings.current().maxFactsPerScope();
        long count = index.documentCount(scope.value()); // every row is indexed: no count over the scope per write
        if (count <= limit) {
            return 0;
        }
        // ranked on light rows: a scope's entities, loaded whole, ran a 512 MiB heap out of memory
        List<String> victimIds = facts.standings(scope).stream()
                .sorted(evictionOrder(now))
                .limit(count - limit)
                .map(FactStanding::id)
                .toList();
        List<Fact> victims = facts.rowsAmong(scope, victimIds);
        writes.remove(scope, victims, FactsRemoved.Reason.EVICTED, now);
        return victims.size();
    }

    /**
     * Expired facts go first, then superseded ones (kept for history, never in a prompt), then current ones: the
     * least important and least used first, persistent ones last. A current fact never goes while a stale one stays.
     */
    static Comparator<FactStanding> evictionOrder(Instant now) {
        return Comparator.comparing((FactStanding f) -> !f.isExpired(now))
                .thenComparing((FactStanding f) -> !f.isSuperseded(now))
                .thenComparing(FactStanding::persistent)
                .thenComparingDouble(f -> f.importance() * f.retention(now))
                .thenComparing(FactStanding::createdAt);
    }
}
