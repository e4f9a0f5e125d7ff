package dev.memoria.lifecycle.control;

import dev.memoria.dailylog.control.DailyLogService;
import dev.memoria.fact.control.FactWrites;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactsRemoved;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.scope.control.ScopeRegistry;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantEntityManager;
import dev.memoria.tenant.control.TenantSettingsRepository;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One bounded step of a job for the tenant bound to the current context, each its own short
 * transaction, so a job never holds locks for long and a failure loses one step, not the run.
 */
@ApplicationScoped
public class TenantJobSteps {

    public static final int BATCH = 500;

    @Inject
    Clock clock;

    @Inject
    TenantSql sql;

    @Inject
    TenantEntityManager db;

    @Inject
    FactWrites writes;

    @Inject
    DailyLogService logs;

    @Inject
    Decay decay;

    @Inject
    CapacityGuard capacity;

    @Inject
    ScopeRegistry scopes;

    @Inject
    TenantSettingsRepository settings;

    /** Deletes up to BATCH expired facts (rows, postings and all); returns how many. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public int evictExpired() {
        Instant now = Timestamps.now(clock);
        List<Fact> expired = db.get()
                .createQuery("SELECT f FROM Fact f WHERE f.expiresAt <= :now ORDER BY f.expiresAt, f.id", Fact.class)
                .setParameter("now", now)
                .setMaxResults(BATCH)
                .getResultList();
        Map<String, List<Fact>> byScope = expired.stream().collect(Collectors.groupingBy(Fact::scopeName));
        byScope.forEach((scope, facts) -> {
            scopes.touch(Scope.of(scope), now); // locks the scope, as every deleter does (the embedder waits on it)
            writes.removed(new FactsRemoved(scope, facts, FactsRemoved.Reason.EXPIRED, now));
            facts.forEach(db.get()::remove);
        });
        return expired.size();
    }

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public int pruneLogs(String scope) {
        return logs.prune(Scope.of(scope), null);
    }

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public int decay(String scope) {
        return settings.current().forgetBelow() > 0
                ? decay.decay(Scope.of(scope)).forgotten()
                : 0;
    }

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public int enforceCapacity(String scope) {
        Scope target = Scope.of(scope);
        scopes.touch(target, Timestamps.now(clock));
        return capacity.enforce(target, Timestamps.now(clock));
    }

    /** The tenant's scope names. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public List<String> scopeNames() {
        return sql
                .query("SELECT scope_name FROM memory_scope WHERE {tenant} ORDER BY scope_name")
                .getResultList()
                .stream()
                .map(String.class::cast)
                .toList();
    }
}
