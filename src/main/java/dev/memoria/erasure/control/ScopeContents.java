package dev.memoria.erasure.control;

import dev.memoria.erasure.entity.ErasureReceipt;
import dev.memoria.recall.control.KeywordIndex;
import dev.memoria.scope.entity.ScopeCleared;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.List;

/**
 * Everything a scope holds, in one list, and the one way to count it or remove all of it: clearing a scope, erasing
 * it and the erasure's preview all go through here, so a table added to a scope is reached by each of them or by
 * none (ScopeRemovalIT checks every table that names a scope). What derives from facts elsewhere (vectors, queued
 * embeddings, index postings) goes with the scope's {@link ScopeCleared} event and the keyword index.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class ScopeContents {

    /** The tables whose rows carry their scope's name, children before their parents; memory_scope last. */
    static final List<String> TABLES =
            List.of("snapshot", "daily_log_entry", "fact_version", "fact", "conversation_window", "memory_scope");

    /** Snapshot copies name their snapshot, not the scope. */
    static final String SNAPSHOT_FACTS = "FROM snapshot_fact sf JOIN snapshot s ON {s.tenant_id} = {sf.tenant_id}"
            + " AND s.id = sf.snapshot_id WHERE {s.tenant} AND s.scope_name = ?";

    @Inject
    TenantSql sql;

    @Inject
    KeywordIndex index;

    @Inject
    Event<ScopeCleared> cleared;

    /** What {@link #removeAll} would remove now. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public ErasureReceipt.Erased count(String scope) {
        return new ErasureReceipt.Erased(
                count("SELECT COUNT(*) FROM fact WHERE {tenant} AND scope_name = ?", scope),
                count("SELECT COUNT(*) FROM daily_log_entry WHERE {tenant} AND scope_name = ?", scope),
                count("SELECT COUNT(*) FROM snapshot WHERE {tenant} AND scope_name = ?", scope),
                count("SELECT COUNT(*) " + SNAPSHOT_FACTS, scope),
                count("SELECT COUNT(*) FROM conversation_window WHERE {tenant} AND scope_name = ?", scope),
                null);
    }

    /** Removes every row of the scope, the scope's own row last; the caller holds the scope's lock. */
    public void removeAll(String scope) {
        cleared.fire(new ScopeCleared(scope)); // vectors and queued embeddings
        index.clear(scope);
        update(
                "DELETE FROM snapshot_fact WHERE {tenant} AND snapshot_id IN"
                        + " (SELECT id FROM snapshot WHERE {tenant} AND scope_name = ?)",
                scope);
        for (String table : TABLES) {
            update("DELETE FROM " + table + " WHERE {tenant} AND scope_name = ?", scope);
        }
    }

    private long count(String query, String scope) {
        return ((Number) sql.query(query).setParameter(1, scope).getSingleResult()).longValue();
    }

    private void update(String statement, String scope) {
        sql.query(statement).setParameter(1, scope).executeUpdate();
    }
}
