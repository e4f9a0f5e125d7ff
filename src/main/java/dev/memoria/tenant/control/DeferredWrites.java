package dev.memoria.tenant.control;

/**
 * Writes a component keeps in memory for a moment instead of paying a transaction each (a recall's uses of
 * facts). {@link TenantEntityManager} has them written before a transaction first reads the database, so
 * what a request reads never lags what an earlier request did on this server.
 */
public interface DeferredWrites {

    /** Whether the tenant has writes waiting. Asked at the start of every transaction: must be cheap. */
    boolean pending(String tenantId);

    /** Writes the tenant's waiting writes, in a transaction of their own that commits before this returns. */
    void writeNow(String tenantId);
}
