package dev.memoria.tenant.boundary;

import dev.memoria.tenant.control.TenantContext;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** Resolves the tenant once per request from the verified JWT, before any resource method runs. */
@Provider
@Priority(Priorities.AUTHORIZATION + 10)
public class TenantResolver implements ContainerRequestFilter {

    @Inject
    JsonWebToken token;

    @Inject
    TenantContext tenant;

    @Override
    public void filter(ContainerRequestContext request) {
        if (token == null || token.getRawToken() == null) {
            return; // unauthenticated: the role check answers 401
        }
        TokenTenancy.bind(token, tenant);
    }
}
