package dev.memoria.tenant.control;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The only way repositories reach the database: an EntityManager bound to the request's tenant, so
 * EclipseLink filters every JPQL query and fills tenant_id on every insert. Native SQL and JDBC are not
 * filtered: they go through {@link TenantSql}, which binds the tenant. Application-scoped: the EntityManager is
 * the container's transaction-scoped proxy and the tenant a request-scoped one, and a bean made per request
 * cost Liberty a lookup of its injection targets on every call (3% of a recall's server time).
 */
@ApplicationScoped
public class TenantEntityManager {

    /** Marks a transaction that has used the database (or reads around deferred writes itself). */
    private static final String CAUGHT_UP = TenantEntityManager.class.getName() + ".caughtUp";

    /** The connection of this thread's {@link #readWithoutTransaction()} block, if one is open. */
    private static final ThreadLocal<Connection> WITHOUT_TRANSACTION = new ThreadLocal<>();

    @PersistenceContext(unitName = "memoria")
    EntityManager em;

    @Inject
    TenantContext tenant;

    @Inject
    DeferredWrites deferred;

    @Resource
    TransactionSynchronizationRegistry transactions;

    @Resource(lookup = "jdbc/memoria")
    DataSource dataSource;

    /** The end of a {@link #readWithoutTransaction()} block: gives its connection back to the pool. */
    public interface ReadBlock extends AutoCloseable {
        @Override
        void close();
    }

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
     * The JDBC connection of the current transaction, or of the thread's {@link #readWithoutTransaction()}
     * block, for statements where EclipseLink's per-statement and per-row work costs more than the database
     * does. Nothing filters it: prepare its statements through {@link TenantSql}.
     */
    public Connection connection() {
        Connection withoutTransaction = WITHOUT_TRANSACTION.get();
        return withoutTransaction != null && transactions.getTransactionKey() == null
                ? withoutTransaction
                : get().unwrap(Connection.class);
    }

    /**
     * Opens a block of plain JDBC reads that need no transaction: each statement of {@link #connection()}
     * commits by itself on one pooled connection until the block is closed. A recall is reads only, and its
     * transaction's begin and commit were a round trip to PostgreSQL and JTA work on every call. Such a
     * block reads around deferred writes (it never catches the database up with them) and must not use
     * {@link #get()}. Inside a transaction it changes nothing: the transaction's connection is used.
     */
    public ReadBlock readWithoutTransaction() {
        if (transactions.getTransactionKey() != null || WITHOUT_TRANSACTION.get() != null) {
            return () -> {};
        }
        try {
            Connection connection = dataSource.getConnection();
            WITHOUT_TRANSACTION.set(connection);
            return () -> {
                WITHOUT_TRANSACTION.remove();
                try {
                    connection.close();
                } catch (SQLException e) {
                    throw new PersistenceException("Cannot return a connection to the pool", e);
                }
            };
        } catch (SQLException e) {
            throw new PersistenceException("Cannot get a database connection", e);
        }
    }

    /**
     * Drops the objects read so far. Outside a transaction Liberty keeps the persistence context for the whole
     * request, so a read of many pages (an export) held every object it had read until the heap ran out.
     */
    public void forgetReads() {
        em.clear();
    }

    public String tenantId() {
        return tenant.tenantId();
    }
}
