package dev.memoria.scope.control;

import dev.memoria.platform.control.SqlDialect;
import dev.memoria.platform.control.TenantEntityManager;
import dev.memoria.scope.entity.Scope;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.sql.Timestamp;
import java.time.Instant;

/**
 * Keeps the memory_scope row of every scope that was written to, in the writing transaction. The upsert
 * also locks the row, which serialises writers of one scope and keeps capacity checks and restores exact.
 */
@ApplicationScoped
public class ScopeRegistry {

    @Inject
    TenantEntityManager db;

    @Inject
    SqlDialect dialect;

    private String upsert;

    @PostConstruct
    void prepare() {
        upsert = dialect.upsert("memory_scope", new String[]{"tenant_id", "scope_name"},
                new String[]{"tenant_id", "scope_name", "created_at", "updated_at"}, new String[]{"updated_at"});
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public void touch(Scope scope, Instant now) {
        Timestamp at = Timestamp.from(now);
        db.get().createNativeQuery(upsert)
                .setParameter(1, db.tenantId())
                .setParameter(2, scope.value())
                .setParameter(3, at)
                .setParameter(4, at)
                .executeUpdate();
    }
}
