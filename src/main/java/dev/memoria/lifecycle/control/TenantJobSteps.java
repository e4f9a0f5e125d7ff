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
import java.util.Set;
import java.util.TreeSet;

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

    /**
     * Deletes up to BATCH expired facts (rows, postings and all); returns how many. The scopes of the first BATCH
     * to expire are locked in name order, and their expired facts read only then: a TTL run on another server, or
     * a deletion or change by a request, has committed by the time they are read, and two runs never deadlock.
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public int evictExpired() {
        Instant now = Timestamps.now(clock);
        Set<String> scopeNames = new TreeSet<>(db.get()
                .createQuery(
                        "SELECT f.scopeName FROM Fact f WHERE f.expiresAt <= :now ORDER BY f.expiresAt, f.id",
                        String.class)
                .setParameter("now", now)
                .setMaxResults(BATCH)
                .getResultList());
        int removed = 0;
        for (String scope : scopeNames) {
            if (removed == BATCH) {
                break;
            }
            if (!scopes.lockExisting(Scope.of(scope))) {
                continue; // erased meanwhile, with its facts
            }
            List<Fact> expired = db.get()
                    .createQuery(
                            "SELECT f FROM Fact f WHERE f.scopeName = :scope AND f.expiresAt <= :now"
                                    + " ORDER BY f.expiresAt, f.id",
                            Fact.class)
                    .setParameter("scope", scope)
                    .setParameter("now", now)
                    .setMaxResults(BATCH - removed)
                    .getResultList();
            if (!expired.isEmpty()) {
                scopes.touch(Scope.of(scope), now);
                writes.remove(Scope.of(scope), expired, FactsRemoved.Reason.EXPIRED, now);
                removed += expired.size();
            }
        }
        return removed;
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
