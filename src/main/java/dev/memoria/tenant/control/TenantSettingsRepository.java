package dev.memoria.tenant.control;

import dev.memoria.tenant.entity.TenantSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** The current tenant's settings, defaults when the tenant never changed them. */
@ApplicationScoped
public class TenantSettingsRepository {

    @Inject
    TenantEntityManager db;

    public TenantSettings current() {
        String tenantId = db.tenantId();
        TenantSettings stored = db.get().find(TenantSettings.class, tenantId);
        return stored != null ? stored : TenantSettings.defaults(tenantId);
    }

    public TenantSettings save(TenantSettings settings) {
        return db.get().merge(settings);
    }
}
