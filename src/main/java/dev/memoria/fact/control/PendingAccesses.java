package dev.memoria.fact.control;

import dev.memoria.fact.entity.Fact;
import dev.memoria.tenant.control.DeferredWrites;
import dev.memoria.tenant.control.TenantSql;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Recall's uses of facts, counted in memory and written to the database in batches: every second
 * ({@link PendingAccessWriter}) and before any transaction of the tenant first reads (through
 * {@link dev.memoria.tenant.control.TenantEntityManager}), so a recall is a read-only transaction. Recall
 * itself adds the uses still held here to the facts it reads. A crash loses at most a second of uses; another
 * server sees them up to a second late.
 */
@ApplicationScoped
public class PendingAccesses implements DeferredWrites {

    /** How often a fact was used since the last write, and when last. */
    record Uses(int count, Instant last) {
        Uses plus(Uses other) {
            return new Uses(count + other.count, last.isAfter(other.last) ? last : other.last);
        }
    }

    private static final String WRITE = "UPDATE fact SET access_count = access_count + ?, last_accessed_at = "
            + "CASE WHEN last_accessed_at IS NULL OR last_accessed_at < ? THEN ? ELSE last_accessed_at END "
            + "WHERE {tenant} AND id = ?";

    private final Map<String, Map<String, Uses>> byTenant = new ConcurrentHashMap<>();

    @Inject
    TenantSql sql;

    @Resource
    TransactionSynchronizationRegistry transactions;

    /** Counts one use of each fact, and shows it on the fact in memory for the caller's answer. */
    public void record(String tenantId, Collection<Fact> used, Instant now) {
        Map<String, Uses> uses = byTenant.computeIfAbsent(tenantId, tenant -> new ConcurrentHashMap<>());
        for (Fact fact : used) {
            uses.merge(fact.id(), new Uses(1, now), Uses::plus);
            fact.recordAccesses(1, now);
        }
    }

    /** Adds the uses not yet written to facts just read (which must not be saved). */
    public void addTo(String tenantId, Collection<Fact> facts) {
        Map<String, Uses> uses = byTenant.get(tenantId);
        if (uses == null || uses.isEmpty()) {
            return;
        }
        for (Fact fact : facts) {
            Uses pending = uses.get(fact.id());
            if (pending != null) {
                fact.recordAccesses(pending.count(), pending.last());
            }
        }
    }

    @Override
    public boolean pending(String tenantId) {
        Map<String, Uses> uses = byTenant.get(tenantId);
        return uses != null && !uses.isEmpty();
    }

    public Set<String> tenantsPending() {
        return byTenant.keySet().stream().filter(this::pending).collect(Collectors.toSet());
    }

    /**
     * Takes the tenant's uses out of memory and adds them to the rows, in id order (so two writers lock rows
     * in the same order). If the transaction does not commit, they go back, to be written next time.
     */
    @Override
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void writeNow(String tenantId) {
        Map<String, Uses> uses = byTenant.get(tenantId);
        if (uses == null) {
            return;
        }
        Map<String, Uses> taken = new TreeMap<>();
        for (String factId : List.copyOf(uses.keySet())) {
            Uses use = uses.remove(factId);
            if (use != null) {
                taken.put(factId, use);
            }
        }
        if (taken.isEmpty()) {
            return;
        }
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
                // nothing to do before the commit
            }

            @Override
            public void afterCompletion(int status) {
                if (status != Status.STATUS_COMMITTED) {
                    taken.forEach((factId, use) -> uses.merge(factId, use, Uses::plus));
                }
            }
        });
        List<Object[]> rows = new ArrayList<>(taken.size());
        taken.forEach((factId, use) -> rows.add(new Object[] {use.count(), use.last(), use.last(), factId}));
        sql.withOwnConnection(
                "write the recorded uses of facts", connection -> sql.batch(connection, tenantId, WRITE, rows));
    }
}
