package dev.memoria.quota.control;

import dev.memoria.platform.control.SqlDialect;
import dev.memoria.tenant.control.TenantEntityManager;
import dev.memoria.quota.entity.Overrides;
import dev.memoria.quota.entity.TenantQuota;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.util.Optional;

/** A tenant's quota overrides, and what it uses now. Native SQL binds tenant_id itself. */
@ApplicationScoped
public class QuotaRepository {

    @Inject
    TenantEntityManager db;

    @Inject
    LockRowCreator lockRows;

    public Optional<TenantQuota> find() {
        return Optional.ofNullable(db.get().find(TenantQuota.class, db.tenantId()));
    }

    public void save(Overrides overrides, Instant now, String actor) {
        TenantQuota quota = find().orElse(null);
        if (quota == null) {
            db.get().persist(new TenantQuota(db.tenantId(), overrides, now, actor));
        } else {
            quota.change(overrides, now, actor);
        }
    }

    /** Facts held by the tenant: every fact row is indexed, so the scopes' document counts add up to them. */
    public long facts() {
        return number("SELECT COALESCE(SUM(doc_count), 0) FROM memory_scope WHERE tenant_id = ?");
    }

    public long scopes() {
        return number("SELECT COUNT(*) FROM memory_scope WHERE tenant_id = ?");
    }

    /**
     * Locks the tenant's quota row until the transaction ends (creating it first, without overrides), so
     * counts read after this see every other writer's committed work and no writer commits in between.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void lockTenant() {
        if (find(LockModeType.PESSIMISTIC_WRITE).isEmpty()) {
            lockRows.createIfAbsent(db.tenantId());
            find(LockModeType.PESSIMISTIC_WRITE).orElseThrow();
        }
    }

    private Optional<TenantQuota> find(LockModeType lock) {
        return Optional.ofNullable(db.get().find(TenantQuota.class, db.tenantId(), lock));
    }

    private long number(String sql) {
        return ((Number) db.get().createNativeQuery(sql).setParameter(1, db.tenantId()).getSingleResult()).longValue();
    }

    /** Creates a tenant's row in a short transaction of its own, one creator at a time on this server. */
    @ApplicationScoped
    public static class LockRowCreator {

        @Inject
        TenantEntityManager db;

        @Inject
        SqlDialect dialect;

        @Transactional(Transactional.TxType.REQUIRES_NEW)
        public synchronized void createIfAbsent(String tenantId) {
            String insert = "INSERT INTO tenant_quota (tenant_id, updated_at) VALUES (?, CURRENT_TIMESTAMP)";
            if (dialect.isPostgres()) {
                // ON CONFLICT is atomic across servers too
                db.get().createNativeQuery(insert + " ON CONFLICT (tenant_id) DO NOTHING").setParameter(1, tenantId)
                        .executeUpdate();
            } else if (db.get().find(TenantQuota.class, tenantId) == null) {
                db.get().createNativeQuery(insert).setParameter(1, tenantId).executeUpdate();
            }
        }
    }
}
