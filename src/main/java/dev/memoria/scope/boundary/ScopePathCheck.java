package dev.memoria.scope.boundary;

import dev.memoria.scope.control.ScopeAccess;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantContext;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;

/**
 * Checks the {scope} path parameter (its syntax, then the token's memory_scopes) once the tenant is bound
 * and before the rate limiter or any resource method runs.
 */
@Provider
@Priority(Priorities.AUTHORIZATION + 15)
public class ScopePathCheck implements ContainerRequestFilter {

    @Inject
    TenantContext tenant;

    @Inject
    ScopeAccess access;

    @Override
    public void filter(ContainerRequestContext request) {
        if (!tenant.isBound()) {
            return; // unauthenticated: the role check answers 401
        }
        String scope = request.getUriInfo().getPathParameters().getFirst("scope");
        if (scope != null) {
            access.requireAccess(Scope.of(scope));
        }
    }
}
