package dev.memoria.platform.control;

import dev.memoria.tenant.control.TenantContext;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.TransactionSynchronizationRegistry;

import java.sql.Connection;

/**
 * The only way repositories reach the database: an EntityManager bound to the request's tenant, so
 * EclipseLink filters every JPQL query and fills tenant_id on every insert. Native SQL is not filtered;
 * repositories that use it pass {@link #tenantId()} themselves. Application-scoped: the EntityManager is
 * the container's transaction-scoped proxy and the tenant a request-scoped one, and a bean made per request
 * cost Liberty a lookup of its injection targets on every call (3% of a recall's server time).
 */
@ApplicationScoped
public class TenantEntityManager {

    /** Marks a transaction that has used the database (or reads around deferred writes itself). */
    private static final String CAUGHT_UP = TenantEntityManager.class.getName() + ".caughtUp";

    @PersistenceContext(unitName = "memoria")
    EntityManager em;

    @Inject
    TenantContext tenant;

    @Inject
    DeferredWrites deferred;

    @Resource
    TransactionSynchronizationRegistry transactions;

    public EntityManager get() {
        String tenantId = tenant.tenantId();
        em.setProperty("eclipselink.tenant-id", tenantId);
        if (firstUse() && deferred.pending(tenantId)) {
            deferred.writeNow(tenantId);
        }
        return em;
    }

    /**
     * For a transaction that adds the tenant's deferred writes to what it reads by itself, so that it stays
     * read-only: the database does not catch up with them first. Call before anything else uses the database.
     */
    public void readAroundDeferredWrites() {
        if (transactions.getTransactionKey() != null) {
            transactions.putResource(CAUGHT_UP, Boolean.TRUE);
        }
    }

    /**
     * Deferred writes are caught up with only where a transaction starts: it holds no locks yet, so their
     * own short transaction cannot wait on it. Outside a transaction nothing is held either.
     */
    private boolean firstUse() {
        if (transactions.getTransactionKey() == null) {
            return true;
        }
        if (transactions.getResource(CAUGHT_UP) != null) {
            return false;
        }
        transactions.putResource(CAUGHT_UP, Boolean.TRUE);
        return true;
    }

    /**
     * The JDBC connection of the current transaction, for statements where EclipseLink's per-statement and
     * per-row work costs more than the database does. Nothing filters it: bind tenant_id in every statement.
     */
    public Connection connection() {
        return get().unwrap(Connection.class);
    }

    public String tenantId() {
        return tenant.tenantId();
    }
}
