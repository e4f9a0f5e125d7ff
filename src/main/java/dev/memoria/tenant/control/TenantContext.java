package dev.memoria.tenant.control;

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
    private List<String> memoryScopes;

    /** Binds the tenant for this request; {@code memoryScopes} null means the token is not limited. */
    public void bind(String tenantId, String actor, List<String> memoryScopes) {
        if (tenantId == null || !TENANT_ID.matcher(tenantId).matches()) {
            throw new IllegalArgumentException("not a tenant id");
        }
        this.tenantId = tenantId;
        this.actor = actor;
        this.memoryScopes = memoryScopes == null ? null : List.copyOf(memoryScopes);
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

    /** The token's memory_scopes entries as claimed; empty when the token is not limited to some scopes. */
    public Optional<List<String>> memoryScopes() {
        return Optional.ofNullable(memoryScopes);
    }
}
