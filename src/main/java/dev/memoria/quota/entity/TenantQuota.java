package dev.memoria.quota.entity;

import jakarta.persistence.Cacheable;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** The overrides an operator set for one tenant. Not @Multitenant: the tenant id is its primary key. */
@Entity
@Table(name = "tenant_quota")
// never from the shared cache: a change made on one server holds on every server
@Cacheable(false)
public class TenantQuota {

    @Id
    @Column(name = "tenant_id")
    private String tenantId;

    @Column(name = "requests_per_second")
    private Long requestsPerSecond;

    @Column(name = "burst")
    private Long burst;

    @Column(name = "subject_requests_per_second")
    private Long subjectRequestsPerSecond;

    @Column(name = "subject_burst")
    private Long subjectBurst;

    @Column(name = "max_facts")
    private Long maxFacts;

    @Column(name = "max_scopes")
    private Long maxScopes;

    @Column(name = "updated_at")
    private Instant updatedAt;

    @Column(name = "updated_by")
    private String updatedBy;

    protected TenantQuota() {
        // for JPA
    }

    public TenantQuota(String tenantId, Overrides overrides, Instant now, String actor) {
        this.tenantId = tenantId;
        change(overrides, now, actor);
    }

    public final void change(Overrides overrides, Instant now, String actor) {
        requestsPerSecond = overrides.requestsPerSecond();
        burst = overrides.burst();
        subjectRequestsPerSecond = overrides.subjectRequestsPerSecond();
        subjectBurst = overrides.subjectBurst();
        maxFacts = overrides.facts();
        maxScopes = overrides.scopes();
        updatedAt = now;
        updatedBy = actor;
    }

    public Overrides overrides() {
        return new Overrides(requestsPerSecond, burst, subjectRequestsPerSecond, subjectBurst, maxFacts, maxScopes);
    }

    public String tenantId() {
        return tenantId;
    }

    public Instant updatedAt() {
        return updatedAt;
    }
}
