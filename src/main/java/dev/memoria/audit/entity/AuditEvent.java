package dev.memoria.audit.entity;

import dev.memoria.platform.entity.TimeOrderedIds;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.eclipse.persistence.annotations.Multitenant;
import org.eclipse.persistence.annotations.MultitenantType;
import org.eclipse.persistence.annotations.TenantDiscriminatorColumn;

/** One deletion: who (a person's sub or a job), what (fact id, key, title and content digest), where, when. */
@Entity
@Table(name = "audit_event")
@Multitenant(MultitenantType.SINGLE_TABLE)
@TenantDiscriminatorColumn(name = "tenant_id", contextProperty = "eclipselink.tenant-id", primaryKey = true)
public class AuditEvent {

    @Id
    private String id;

    @Column(nullable = false)
    private Instant at;

    @Column(nullable = false)
    private String actor;

    @Column(nullable = false)
    private String action;

    @Column(name = "scope_name", nullable = false)
    private String scopeName;

    @Column(name = "fact_id")
    private String factId;

    @Column(nullable = false)
    private String digest;

    /** The deleted fact's key and title, for people to recognise it by; null for other rows and after an erasure. */
    @Column(name = "fact_key")
    private String factKey;

    @Column(name = "fact_title")
    private String factTitle;

    /** Keyed digests of the deleted text and the identifiers in it ("kind:hex" words); null after an erasure. */
    @Column(name = "identifiers")
    private String identifiers;

    protected AuditEvent() {
        // for JPA
    }

    public AuditEvent(Instant at, String actor, String action, String scopeName, String factId, String digest) {
        this(at, actor, action, scopeName, factId, digest, null, null);
    }

    public AuditEvent(
            Instant at,
            String actor,
            String action,
            String scopeName,
            String factId,
            String digest,
            String factKey,
            String factTitle) {
        this.id = TimeOrderedIds.next();
        this.at = at;
        this.actor = actor;
        this.action = action;
        this.scopeName = scopeName;
        this.factId = factId;
        this.digest = digest;
        this.factKey = factKey;
        this.factTitle = factTitle;
    }

    /** Sets the keyed digests support confirms a deletion by (see DeletedIdentifiers). */
    public AuditEvent identifiedBy(String identifiers) {
        this.identifiers = identifiers;
        return this;
    }

    public String id() {
        return id;
    }

    public Instant at() {
        return at;
    }

    public String actor() {
        return actor;
    }

    public String action() {
        return action;
    }

    public String scopeName() {
        return scopeName;
    }

    public String factId() {
        return factId;
    }

    public String digest() {
        return digest;
    }

    public String factKey() {
        return factKey;
    }

    public String factTitle() {
        return factTitle;
    }
}
