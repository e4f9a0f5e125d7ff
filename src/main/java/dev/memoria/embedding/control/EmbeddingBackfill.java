package dev.memoria.embedding.control;

import dev.memoria.platform.control.Timestamps;
import dev.memoria.tenant.control.TenantSql;
import dev.memoria.tenant.entity.SettingsChanged;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.logging.Logger;

/**
 * Queues the facts that have no vector of the current model, so vectors catch up with what the write path did
 * not queue: facts from before embeddings, from a time the tenant had semantic_recall off, or written before
 * the cluster knew of the model (changing the model re-embeds in the background; recall never mixes two models).
 */
@ApplicationScoped
public class EmbeddingBackfill {

    private static final Logger LOG = Logger.getLogger(EmbeddingBackfill.class.getName());

    private static final String MISSING = " SELECT {f.tenant_id}, f.id, ?, f.scope_name, ? FROM fact f WHERE"
            + " NOT EXISTS (SELECT 1 FROM fact_vector v WHERE v.fact_id = f.id AND {v.tenant_id} = {f.tenant_id} AND v.model = ?)"
            + " AND NOT EXISTS (SELECT 1 FROM embedding_queue q WHERE q.fact_id = f.id AND {q.tenant_id} = {f.tenant_id} AND q.model = ?)";
    /** Tenants that turned semantic_recall off are left out (a tenant without settings has it on). */
    private static final String RECALLING_BY_MEANING = " AND NOT EXISTS (SELECT 1 FROM tenant_settings s"
            + " WHERE {s.tenant_id} = {f.tenant_id} AND s.semantic_recall = FALSE)";

    @Inject
    Clock clock;

    @Inject
    TenantSql tenantSql;

    @Inject
    EmbeddingModels models;

    /** Every tenant's facts without a vector of the model (by the worker, when its server starts to say it uses the model). */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public int queueMissing(String model) {
        int queued = tenantSql.withOwnConnection(
                "queue the facts without vectors", connection -> queueMissing(connection, model, null));
        if (queued > 0) {
            LOG.info(() -> "Embeddings: queued " + queued + " facts without a vector of " + model);
        }
        return queued;
    }

    /** A tenant that turns semantic_recall on has its facts embedded now. */
    void onSettingsChanged(@Observes SettingsChanged changed) {
        if (changed.after().semanticRecall() && !changed.before().semanticRecall()) {
            for (String model : models.inUse()) {
                tenantSql.withRequestConnection(
                        "queue the tenant's facts without vectors",
                        connection ->
                                queueMissing(connection, model, changed.after().tenantId()));
            }
        }
    }

    private int queueMissing(Connection connection, String model, String tenant) throws SQLException {
        // one tenant's own change of its settings is not flushed yet: its facts are queued without asking them
        String sql = "INSERT INTO embedding_queue ({tenant_id}, fact_id, model, scope_name, queued_at)" + MISSING
                + (tenant == null ? RECALLING_BY_MEANING : " AND {f.tenant}") + " ON CONFLICT DO NOTHING";
        try (PreparedStatement insert =
                tenant == null ? tenantSql.everyTenant(connection, sql) : tenantSql.prepare(connection, tenant, sql)) {
            insert.setString(1, model);
            insert.setTimestamp(2, Timestamp.from(Timestamps.now(clock)));
            insert.setString(3, model);
            insert.setString(4, model);
            return insert.executeUpdate();
        }
    }
}
