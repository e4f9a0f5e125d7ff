package dev.memoria.erasure.entity;

import dev.memoria.platform.entity.TimeOrderedIds;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.eclipse.persistence.annotations.Multitenant;
import org.eclipse.persistence.annotations.MultitenantType;
import org.eclipse.persistence.annotations.TenantDiscriminatorColumn;

/** What one erasure removed: counts and a digest of the contents, kept when everything else is gone. */
@Entity
@Table(name = "erasure_receipt")
@Multitenant(MultitenantType.SINGLE_TABLE)
@TenantDiscriminatorColumn(name = "tenant_id", contextProperty = "eclipselink.tenant-id", primaryKey = true)
public class ErasureReceipt {

    @Id
    private String id;

    private String subject;

    @Column(name = "content_contains")
    private String contentContains;

    @Column(nullable = false)
    private Instant at;

    @Column(nullable = false)
    private String actor;

    @Column(nullable = false)
    private String scopes;

    private long facts;

    @Column(name = "log_entries")
    private long logEntries;

    private long snapshots;

    @Column(name = "snapshot_facts")
    private long snapshotFacts;

    @Column(nullable = false)
    private String digest;

    protected ErasureReceipt() {
        // for JPA
    }

    public ErasureReceipt(
            String subject, String contentContains, Instant at, String actor, List<String> scopes, Erased erased) {
        this.id = TimeOrderedIds.next();
        this.subject = subject;
        this.contentContains = contentContains;
        this.at = at;
        this.actor = actor;
        this.scopes = String.join("\n", scopes);
        this.facts = erased.facts();
        this.logEntries = erased.logEntries();
        this.snapshots = erased.snapshots();
        this.snapshotFacts = erased.snapshotFacts();
        this.digest = erased.digest();
    }

    /**
     * The counts and digest of an erasure. {@code windows} (conversation windows removed, their contents in the
     * digest) decides which scopes an erasure by content reached; the receipt does not keep the count.
     */
    public record Erased(long facts, long logEntries, long snapshots, long snapshotFacts, long windows, String digest) {

        public Erased(long facts, long logEntries, long snapshots, long snapshotFacts, String digest) {
            this(facts, logEntries, snapshots, snapshotFacts, 0, digest);
        }
    }

    public String id() {
        return id;
    }

    public String subject() {
        return subject;
    }

    public String contentContains() {
        return contentContains;
    }

    public Instant at() {
        return at;
    }

    public String actor() {
        return actor;
    }

    public List<String> scopes() {
        return scopes.isEmpty() ? List.of() : Arrays.asList(scopes.split("\n"));
    }

    public Erased erased() {
        return new Erased(facts, logEntries, snapshots, snapshotFacts, digest);
    }
}
