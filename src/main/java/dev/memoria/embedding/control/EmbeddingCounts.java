package dev.memoria.embedding.control;

import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantEntityManager;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.PreparedStatement;
import java.sql.ResultSet;

/**
 * How far embedding has come: what /stats and the stats tool say of a scope's vectors (0 when embeddings are off),
 * and the health check's backlog over the whole database. Counts read on a connection of their own, outside the
 * caller's transaction.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class EmbeddingCounts {

    /** A scope's facts with a vector of the current model, and those still waiting for one. */
    public record Counts(long embedded, long waiting) {}

    @Inject
    TenantSql tenantSql;

    @Inject
    TenantEntityManager db;

    @Inject
    Embeddings embeddings;

    public Counts of(Scope scope) {
        if (!embeddings.enabled()) {
            return new Counts(0, 0);
        }
        String tenant = db.tenantId();
        String model = embeddings.modelId();
        return new Counts(
                count(
                        tenant,
                        "SELECT COUNT(*) FROM fact_vector WHERE {tenant} AND scope_name = ? AND model = ?",
                        scope.value(),
                        model),
                count(
                        tenant,
                        "SELECT COUNT(*) FROM embedding_queue WHERE {tenant} AND scope_name = ? AND model = ?",
                        scope.value(),
                        model));
    }

    /** Facts waiting for a vector of the model, in the whole database. */
    public long waiting(String model) {
        return count(null, "SELECT COUNT(*) FROM embedding_queue WHERE model = ?", model);
    }

    /** A count over the tenant's rows, or over every tenant's when {@code tenant} is null. */
    private long count(String tenant, String sql, String... parameters) {
        return tenantSql.withOwnConnection("count the embedding queue", connection -> {
            try (PreparedStatement count = tenant == null
                    ? tenantSql.everyTenant(connection, sql)
                    : tenantSql.prepare(connection, tenant, sql)) {
                for (int i = 0; i < parameters.length; i++) {
                    count.setString(i + 1, parameters[i]);
                }
                try (ResultSet row = count.executeQuery()) {
                    row.next();
                    return row.getLong(1);
                }
            }
        });
    }
}
