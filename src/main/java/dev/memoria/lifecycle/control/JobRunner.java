package dev.memoria.lifecycle.control;

import dev.memoria.platform.control.Timestamps;
import dev.memoria.tenant.control.TenantContext;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.control.ActivateRequestContext;
import jakarta.inject.Inject;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs a job over every tenant, binding each tenant in turn exactly as a request would, so the jobs go
 * through the same tenant-isolated repositories as the API. Logs one line per run.
 */
@ApplicationScoped
public class JobRunner {

    private static final Logger LOG = Logger.getLogger(JobRunner.class.getName());

    @Inject
    Clock clock;

    @Inject
    TenantSql sql;

    @Inject
    TenantContext tenant;

    @Inject
    TenantJobSteps steps;

    @Inject
    JobRuns runs;

    @ActivateRequestContext
    public JobRuns.Run run(JobKind kind) {
        Instant started = clock.instant();
        long removed = 0;
        List<String> tenants = kind == JobKind.TTL ? tenantsWithExpiredFacts() : tenants();
        for (String tenantId : tenants) {
            tenant.bind(tenantId, kind.actor(), null);
            try {
                removed += runForTenant(kind);
            } catch (RuntimeException failure) {
                LOG.log(
                        Level.WARNING,
                        "Job " + kind.wireName() + " failed for tenant " + tenantId + "; it goes on with the next",
                        failure);
            }
        }
        JobRuns.Run run =
                new JobRuns.Run(kind, started, Duration.between(started, clock.instant()), tenants.size(), removed);
        runs.record(run);
        LOG.info(() -> String.format(
                "job:%s removed %d %s across %d tenants in %d ms",
                kind.wireName(),
                run.removed(),
                kind == JobKind.PRUNE ? "log days" : "facts",
                run.tenants(),
                run.took().toMillis()));
        return run;
    }

    private long runForTenant(JobKind kind) {
        long removed = 0;
        switch (kind) {
            case TTL -> {
                int batch;
                do {
                    batch = steps.evictExpired();
                    removed += batch;
                } while (batch == TenantJobSteps.BATCH);
            }
            case PRUNE -> {
                for (String scope : steps.scopeNames()) {
                    removed += steps.pruneLogs(scope);
                }
            }
            case DECAY -> {
                for (String scope : steps.scopeNames()) {
                    removed += steps.decay(scope);
                }
            }
            case CAPACITY -> {
                for (String scope : steps.scopeNames()) {
                    removed += steps.enforceCapacity(scope);
                }
            }
        }
        return removed;
    }

    /** Every tenant with memory; the one query that is not bound to a tenant, it reads only their ids. */
    private List<String> tenants() {
        return tenantIds("SELECT DISTINCT {tenant_id} FROM memory_scope ORDER BY {tenant_id}");
    }

    /**
     * The tenants with a fact past its TTL, read through the expiry index: the minute's TTL run costs what has
     * expired, not a query for each of thousands of tenants with nothing to remove.
     */
    private List<String> tenantsWithExpiredFacts() {
        return tenantIds(
                "SELECT DISTINCT {tenant_id} FROM fact WHERE expires_at <= ? ORDER BY {tenant_id}",
                Timestamp.from(Timestamps.now(clock)));
    }

    private List<String> tenantIds(String query, Object... parameters) {
        return sql.withOwnConnection(
                "list tenants",
                connection -> sql.everyTenantRows(connection, query, row -> row.getString(1), parameters));
    }
}
