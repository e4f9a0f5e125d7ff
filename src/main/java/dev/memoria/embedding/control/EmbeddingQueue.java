package dev.memoria.embedding.control;

import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactsRemoved;
import dev.memoria.fact.entity.FactsWritten;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.scope.entity.ScopeCleared;
import dev.memoria.tenant.control.BulkWrites;
import dev.memoria.tenant.control.TenantEntityManager;
import dev.memoria.tenant.control.TenantSettingsRepository;
import dev.memoria.tenant.control.TenantSql;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.List;

/**
 * The write path's side of recall by meaning, in the writing transaction: a fact whose text is new or changed
 * is queued for a vector of each model in use (the write does not wait for it), and a deleted fact's queue
 * entries and vectors go with it. A tenant with semantic_recall off queues nothing.
 */
@ApplicationScoped
public class EmbeddingQueue {

    private static final String ENQUEUE =
            "INSERT INTO embedding_queue ({tenant_id}, fact_id, model, scope_name, queued_at)"
                    + " VALUES ({tenant_value}, ?, ?, ?, ?) ON CONFLICT (fact_id, {tenant_id}, model) DO UPDATE SET queued_at = EXCLUDED.queued_at,"
                    + " claimed_by = NULL, claimed_until = NULL, attempts = 0";

    @Inject
    Clock clock;

    @Inject
    TenantSql sql;

    @Inject
    TenantEntityManager db;

    @Inject
    BulkWrites bulk;

    @Inject
    EmbeddingModels models;

    @Inject
    TenantSettingsRepository settings;

    @Inject
    VectorIndex index;

    @Resource
    TransactionSynchronizationRegistry transactions;

    void onWritten(@Observes FactsWritten written) {
        if (written.facts().isEmpty() || !settings.current().semanticRecall()) {
            return;
        }
        Timestamp now = Timestamp.from(Timestamps.now(clock));
        List<Object[]> rows = new java.util.ArrayList<>();
        for (String model : models.inUse()) {
            written.facts().forEach(fact -> rows.add(new Object[] {fact.id(), model, written.scope(), now}));
        }
        bulk.asBatch(ENQUEUE, List.of(), rows);
    }

    void onCleared(@Observes ScopeCleared cleared) {
        dropScope(cleared.scope(), java.util.Set.of());
    }

    /** Removes the scope's vectors and queue entries but those of {@code kept}, and tells every server to reload it. */
    private void dropScope(String scope, java.util.Set<String> kept) {
        for (String table : List.of("fact_vector", "embedding_queue")) {
            if (kept.isEmpty()) {
                sql.query("DELETE FROM " + table + " WHERE {tenant} AND scope_name = ?")
                        .setParameter(1, scope)
                        .executeUpdate();
                continue;
            }
            List<Object[]> gone = new java.util.ArrayList<>();
            for (Object id : sql.query("SELECT DISTINCT fact_id FROM " + table + " WHERE {tenant} AND scope_name = ?")
                    .setParameter(1, scope)
                    .getResultList()) {
                if (!kept.contains((String) id)) {
                    gone.add(new Object[] {id});
                }
            }
            bulk.asBatch("DELETE FROM " + table + " WHERE {tenant} AND fact_id = ?", List.of(), gone);
        }
        sql.query("UPDATE memory_scope SET vector_epoch = vector_epoch + 1 WHERE {tenant} AND scope_name = ?")
                .setParameter(1, scope)
                .executeUpdate();
    }

    void onRemoved(@Observes FactsRemoved removed) {
        List<Object[]> ids =
                removed.facts().stream().map(fact -> new Object[] {fact.id()}).toList();
        bulk.asBatch("DELETE FROM embedding_queue WHERE {tenant} AND fact_id = ?", List.of(), ids);
        bulk.asBatch("DELETE FROM fact_vector WHERE {tenant} AND fact_id = ?", List.of(), ids);
        // this server's cache forgets them once the deletion commits; others find them gone when they read them
        String tenant = db.tenantId();
        List<String> factIds = removed.facts().stream().map(Fact::id).toList();
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
                // nothing before the commit
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    index.forget(tenant, removed.scope(), factIds);
                }
            }
        });
    }
}
