package dev.memoria.console.boundary;

import dev.memoria.console.control.ConsoleOverview;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Binds the request to the tenant named in the URL, acting as "console:<user>", so every service and
 * repository below applies that tenant's rules exactly as for an API token: a page for tenant A can
 * only ever read tenant A's rows.
 */
@ApplicationScoped
public class TenantBinding {

    @Inject
    TenantContext tenantContext;

    @Inject
    ConsoleOverview overview;

    /** The tenant of {@code /tenants/{tenant}/…}; an unknown tenant is a 404 page. */
    public String bind(ConsoleRequest request) {
        String tenant = request.path("tenant");
        if (tenant == null || !TenantContext.TENANT_ID.matcher(tenant).matches() || !overview.tenantExists(tenant)) {
            throw DomainException.notFound("No tenant '" + tenant + "' has any memory.");
        }
        tenantContext.bind(tenant, request.user().actor(), null);
        return tenant;
    }

    /** The scope of {@code …/scopes/{scope}/…}, after binding its tenant; an unknown scope is a 404 page. */
    public Scope bindScope(ConsoleRequest request) {
        String tenant = bind(request);
        Scope scope = Scope.of(request.path("scope"));
        if (!overview.scopeExists(tenant, scope.value())) {
            throw DomainException.notFound("Tenant '" + tenant + "' has no scope '" + scope + "'.");
        }
        return scope;
    }
}
