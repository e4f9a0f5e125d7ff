package dev.memoria.fact.control;

import dev.memoria.fact.entity.Fact;
import dev.memoria.platform.control.InLists;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantEntityManager;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Facts read only to be answered (recall, search, the prompt): plain JDBC rows outside any persistence context,
 * with their uses counted in memory, so a recall stays a read.
 */
@ApplicationScoped
public class FactReads {

    @Inject
    TenantEntityManager db;

    @Inject
    TenantSql tenantSql;

    @Inject
    PendingAccesses accesses;

    /**
     * Like {@link FactRepository#liveAmong}, for facts that are only read and answered (recall and search),
     * through plain JDBC: EclipseLink's query and object building were a third of reading them.
     * The facts belong to no persistence context, so changes to them are never saved. Their access counts
     * include the uses not written yet. A read without a transaction, or a transaction that calls
     * {@link #readAroundPendingAccesses()} first, stays read-only; any other has had them written already.
     */
    public List<Fact> liveAmong(Scope scope, Collection<String> ids, Instant now) {
        List<Fact> found = new ArrayList<>(ids.size());
        for (List<String> chunk : InLists.of(ids)) {
            List<Object> parameters = new ArrayList<>(chunk);
            parameters.add(scope.value());
            tenantSql.list(readStatement(chunk.size()), FactColumns::row, parameters.toArray()).stream()
                    .map(Fact.Row::toFact)
                    .filter(fact -> !fact.isExpired(now))
                    .forEach(found::add);
        }
        accesses.addTo(db.tenantId(), found);
        return found;
    }

    /** liveAmong's statement: the {@code ids}, then tenant and scope. Public for PlansWithoutStatisticsIT. */
    public static String readStatement(int ids) {
        // a primary-key lookup per id, the scope checked on the row; with an IN list and no statistics
        // PostgreSQL walked the whole scope's index instead (40 ms for 20 facts of 10,000)
        return "SELECT f.* FROM " + InLists.asTable(ids) + " AS q (id) CROSS JOIN LATERAL (SELECT " + FactColumns.ROW
                + " FROM fact WHERE id = q.id AND {tenant} OFFSET 0) f WHERE f.scope_name = ?";
    }

    /** Keeps this transaction read-only: it reads recorded uses from memory instead of writing them first. */
    public void readAroundPendingAccesses() {
        db.readAroundDeferredWrites();
    }

    /**
     * Records a use of each fact read by {@link #liveAmong}: counted in memory and written within a second
     * (before any other transaction of the tenant reads), so that recall stays read-only. The facts carry the
     * new count in memory for the caller's answer.
     */
    public void recordAccess(List<Fact> used, Instant now) {
        if (UnrecordedUses.active()) {
            return; // a console look at the agent's view: no use of memory
        }
        accesses.record(db.tenantId(), used, now);
    }
}
