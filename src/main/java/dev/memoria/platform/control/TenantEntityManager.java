package dev.memoria.platform.control;

import dev.memoria.tenant.control.TenantContext;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * The only way repositories reach the database: an EntityManager bound to the request's tenant, so
 * EclipseLink filters every JPQL query and fills tenant_id on every insert. Native SQL is not filtered;
 * repositories that use it pass {@link #tenantId()} themselves.
 */
@RequestScoped
public class TenantEntityManager {

    @PersistenceContext(unitName = "memoria")
    EntityManager em;

    @Inject
    TenantContext tenant;

    public EntityManager get() {
        em.setProperty("eclipselink.tenant-id", tenant.tenantId());
        return em;
    }

    public String tenantId() {
        return tenant.tenantId();
    }
}
