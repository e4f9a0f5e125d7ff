package dev.memoria.scope.control;

import dev.memoria.quota.control.Quotas;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.Timestamp;
import java.time.Instant;

/**
 * Keeps the memory_scope row of every scope that was written to. Touching the row in the writing
 * transaction also locks it, which serialises writers of one scope and keeps capacity checks and
 * restores exact. A scope new to the tenant is first admitted by the tenant's scopes quota.
 */
@ApplicationScoped
public class ScopeRegistry {

    @Inject
    Quotas quotas;

    @Inject
    TenantSql sql;

    private static final String UPSERT = "INSERT INTO memory_scope ({tenant_id}, scope_name, created_at, updated_at) "
            + "VALUES ({tenant_value}, ?, ?, ?) ON CONFLICT ({tenant_id}, scope_name) DO UPDATE SET updated_at = EXCLUDED.updated_at";

    @Transactional(Transactional.TxType.MANDATORY)
    public void touch(Scope scope, Instant now) {
        if (update(scope, now) > 0) {
            return;
        }
        quotas.admitNewScope();
        // ON CONFLICT is atomic: concurrent first writers of a scope never collide
        sql.query(UPSERT)
                .setParameter(1, scope.value())
                .setParameter(2, Timestamp.from(now))
                .setParameter(3, Timestamp.from(now))
                .executeUpdate();
    }

    /**
     * Locks an existing scope's row as every writer of the scope does, without creating or touching it; false
     * when the scope is gone (an erasure that ran meanwhile).
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean lockExisting(Scope scope) {
        return sql.query("UPDATE memory_scope SET updated_at = updated_at WHERE {tenant} AND scope_name = ?")
                        .setParameter(1, scope.value())
                        .executeUpdate()
                > 0;
    }

    private int update(Scope scope, Instant now) {
        return sql.query("UPDATE memory_scope SET updated_at = ? WHERE {tenant} AND scope_name = ?")
                .setParameter(1, Timestamp.from(now))
                .setParameter(2, scope.value())
                .executeUpdate();
    }
}
