package dev.memoria.tenant.boundary;

import dev.memoria.platform.control.ProblemException;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantContext;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;
import org.eclipse.microprofile.jwt.JsonWebToken;

import java.util.ArrayList;
import java.util.List;

/**
 * Resolves the tenant once per request from the verified JWT, then checks the {scope} path parameter
 * (syntax, then the token's memory_scopes) before any resource method runs.
 */
@Provider
@Priority(Priorities.AUTHORIZATION + 10)
public class TenantResolver implements ContainerRequestFilter {

    static final String TENANT_CLAIM = "tenant";
    static final String SCOPES_CLAIM = "memory_scopes";

    @Inject
    JsonWebToken token;

    @Inject
    TenantContext tenant;

    @Override
    public void filter(ContainerRequestContext request) {
        if (token == null || token.getRawToken() == null) {
            return; // unauthenticated: the role check answers 401
        }
        Object tenantClaim = token.getClaim(TENANT_CLAIM);
        String tenantId = tenantClaim instanceof JsonString s ? s.getString() : tenantClaim instanceof String s ? s : null;
        if (tenantId == null || !TenantContext.TENANT_ID.matcher(tenantId).matches()) {
            throw ProblemException.unauthorized("The token has no valid 'tenant' claim.");
        }
        tenant.bind(tenantId, token.getSubject(), allowedScopes());

        String scope = request.getUriInfo().getPathParameters().getFirst("scope");
        if (scope != null) {
            tenant.requireAccess(Scope.of(scope));
        }
    }

    private List<Scope> allowedScopes() {
        Object claim = token.getClaim(SCOPES_CLAIM);
        if (claim == null) {
            return null;
        }
        List<Scope> scopes = new ArrayList<>();
        if (claim instanceof JsonArray array) {
            for (JsonValue value : array) {
                if (value instanceof JsonString s && Scope.problemWith(s.getString()) == null) {
                    scopes.add(Scope.of(s.getString()));
                }
            }
        } else if (claim instanceof Iterable<?> values) {
            for (Object value : values) {
                String text = value instanceof JsonString s ? s.getString() : String.valueOf(value);
                if (Scope.problemWith(text) == null) {
                    scopes.add(Scope.of(text));
                }
            }
        } else {
            throw ProblemException.unauthorized("The 'memory_scopes' claim must be an array of scopes.");
        }
        return scopes;
    }
}
