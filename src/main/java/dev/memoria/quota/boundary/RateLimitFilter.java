package dev.memoria.quota.boundary;

import dev.memoria.quota.control.RateLimiter;
import dev.memoria.tenant.control.TenantContext;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;

/** Every authenticated API request spends a token of its tenant and of its token's subject, or is a 429. */
@Provider
@Priority(Priorities.AUTHORIZATION + 20)
public class RateLimitFilter implements ContainerRequestFilter {

    @Inject
    TenantContext tenant;

    @Inject
    RateLimiter limiter;

    @Override
    public void filter(ContainerRequestContext request) {
        if (tenant.isBound()) {
            limiter.admit(tenant.tenantId(), tenant.actor());
        }
    }
}
