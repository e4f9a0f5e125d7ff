package dev.memoria.tenant.control;

import dev.memoria.platform.control.ProblemException;
import dev.memoria.scope.entity.Scope;
import jakarta.enterprise.context.RequestScoped;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Who is acting, for which tenant, within which scopes: resolved once per request from the JWT (or set
 * by a job for the tenant it is working on) and read by every repository.
 */
@RequestScoped
public class TenantContext {

    public static final Pattern TENANT_ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,62}");

    private String tenantId;
    private String actor;
    private List<Scope> allowedScopes;

    /** Binds the tenant for this request; {@code allowedScopes} null means the token is not limited. */
    public void bind(String tenantId, String actor, List<Scope> allowedScopes) {
        if (tenantId == null || !TENANT_ID.matcher(tenantId).matches()) {
            throw new IllegalArgumentException("not a tenant id");
        }
        this.tenantId = tenantId;
        this.actor = actor;
        this.allowedScopes = allowedScopes == null ? null : List.copyOf(allowedScopes);
    }

    public String tenantId() {
        if (tenantId == null) {
            throw new IllegalStateException("No tenant is bound to this request");
        }
        return tenantId;
    }

    public boolean isBound() {
        return tenantId != null;
    }

    public String actor() {
        return actor;
    }

    public Optional<List<Scope>> allowedScopes() {
        return Optional.ofNullable(allowedScopes);
    }

    public boolean canAccess(Scope scope) {
        return allowedScopes == null || allowedScopes.stream().anyMatch(scope::isWithin);
    }

    public void requireAccess(Scope scope) {
        if (!canAccess(scope)) {
            throw ProblemException.forbidden("The token's memory_scopes do not cover scope '" + scope + "'.");
        }
    }
}
