package dev.memoria.quota.control;

import dev.memoria.quota.entity.Overrides;
import dev.memoria.quota.entity.TenantQuota;
import dev.memoria.tenant.control.TenantEntityManager;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.Optional;

/** A tenant's quota overrides, and what it uses now. */
@ApplicationScoped
public class QuotaRepository {

    @Inject
    TenantEntityManager db;

    @Inject
    TenantSql sql;

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
        return number("SELECT COALESCE(SUM(doc_count), 0) FROM memory_scope WHERE {tenant}");
    }

    public long scopes() {
        return number("SELECT COUNT(*) FROM memory_scope WHERE {tenant}");
    }

    /**
     * Locks the tenant's quota row until the transaction ends (creating it first, without overrides), so
     * counts read after this see every other writer's committed work and no writer commits in between.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void lockTenant() {
        if (find(LockModeType.PESSIMISTIC_WRITE).isEmpty()) {
            lockRows.createIfAbsent();
            find(LockModeType.PESSIMISTIC_WRITE).orElseThrow();
        }
    }

    private Optional<TenantQuota> find(LockModeType lock) {
        return Optional.ofNullable(db.get().find(TenantQuota.class, db.tenantId(), lock));
    }

    private long number(String statement) {
        return ((Number) sql.query(statement).getSingleResult()).longValue();
    }

    /** Creates a tenant's row in a short transaction of its own, one creator at a time on this server. */
    @ApplicationScoped
    public static class LockRowCreator {

        @Inject
        TenantSql sql;

        @Transactional(Transactional.TxType.REQUIRES_NEW)
        public synchronized void createIfAbsent() {
            // ON CONFLICT is atomic across servers too
            sql.query("INSERT INTO tenant_quota ({tenant_id}, updated_at) VALUES ({tenant_value}, CURRENT_TIMESTAMP)"
                            + " ON CONFLICT ({tenant_id}) DO NOTHING")
                    .executeUpdate();
        }
    }
}
