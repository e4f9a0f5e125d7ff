package dev.memoria.quota.control;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.quota.entity.Overrides;
import dev.memoria.quota.entity.QuotaLimits;
import dev.memoria.quota.entity.TenantQuota;
import dev.memoria.tenant.control.TenantEntityManager;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;

/**
 * What each tenant may hold and how fast it may ask: the operator's defaults with the tenant's overrides.
 * A tenant's limits are read from the database at most every {@link #FRESHNESS} on each server, so a change
 * made on one server holds on all of them within that time. Counts against the facts and scopes quotas
 * are exact: the write locks the tenant's quota row, then counts what is committed plus its own work.
 */
@ApplicationScoped
public class Quotas {

    static final Duration FRESHNESS = Duration.ofSeconds(5);

    /** What a tenant may do, and what it uses now (a null limit is unlimited). */
    public record Usage(QuotaLimits limits, long facts, long scopes) {}

    @Inject
    Clock clock;

    @Inject
    QuotaDefaults defaults;

    @Inject
    QuotaRepository quotas;

    @Inject
    TenantEntityManager db;

    private final Cache<String, QuotaLimits> limits = Caffeine.newBuilder()
            .expireAfterWrite(FRESHNESS)
            .maximumSize(100_000)
            .build();

    /** The current tenant's limits. */
    public QuotaLimits limits() {
        String tenantId = db.tenantId();
        QuotaLimits known = limits.getIfPresent(tenantId);
        if (known == null) {
            // read outside the cache's lock: the read can wait on the database (a first use catches up with
            // deferred writes), and a writer asking for the same tenant must not wait on it in turn
            known = defaults.limits().with(overrides());
            limits.put(tenantId, known);
        }
        return known;
    }

    /** The overrides an operator set for the current tenant (none: every limit is the default). */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Overrides overrides() {
        return quotas.find().map(TenantQuota::overrides).orElse(Overrides.NONE);
    }

    public QuotaLimits defaults() {
        return defaults.limits();
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Usage usage() {
        return new Usage(limits(), quotas.facts(), quotas.scopes());
    }

    /** Sets the current tenant's overrides (the console's, by an operator); this server applies them at once. */
    @Transactional
    public void change(Overrides overrides, String actor) {
        quotas.save(overrides, Timestamps.now(clock), actor);
        limits.invalidate(db.tenantId());
    }

    /** Before a new scope is created: refused when the tenant holds its quota of scopes already. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void admitNewScope() {
        Long limit = limits().scopes();
        if (limit != null) {
            quotas.lockTenant();
            long scopes = quotas.scopes();
            if (scopes + 1 > limit) {
                throw new QuotaExceeded("scopes", limit, scopes + 1);
            }
        }
    }

    /**
     * At the end of a write that may have added facts: refused (and so rolled back) when the tenant now holds
     * more than its quota. The lock is taken last, so writers of a tenant wait on each other only to commit.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void checkFactsHeld() {
        Long limit = limits().facts();
        if (limit != null) {
            quotas.lockTenant();
            long facts = quotas.facts();
            if (facts > limit) {
                throw new QuotaExceeded("facts", limit, facts);
            }
        }
    }
}
