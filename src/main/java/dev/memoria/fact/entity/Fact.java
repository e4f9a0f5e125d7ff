package dev.memoria.fact.entity;

import dev.memoria.platform.entity.TimeOrderedIds;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;
import org.eclipse.persistence.annotations.Multitenant;
import org.eclipse.persistence.annotations.MultitenantType;
import org.eclipse.persistence.annotations.TenantDiscriminatorColumn;

/**
 * One remembered fact of a scope. EclipseLink fills and filters the tenant column; the plain JDBC reads and
 * the batch insert of FactRepository bind it themselves.
 */
@Entity
@Table(name = "fact")
@Multitenant(MultitenantType.SINGLE_TABLE)
@TenantDiscriminatorColumn(name = "tenant_id", contextProperty = Fact.TENANT_PROPERTY, primaryKey = true)
public class Fact implements FactView {

    public static final String TENANT_PROPERTY = "eclipselink.tenant-id";
    public static final double REINFORCEMENT = 0.05;

    @Id
    private String id;

    @Column(name = "scope_name", nullable = false)
    private String scopeName;

    @Column(name = "fact_key")
    private String key;

    private String title;

    @Column(nullable = false)
    private String content;

    @Column(nullable = false)
    private String category;

    @Enumerated(EnumType.STRING)
    @Column(name = "fact_type", nullable = false)
    private FactType type;

    private double importance;

    private boolean persistent;

    @Column(nullable = false)
    private String tags;

    @Column(nullable = false)
    private String source;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;

    @Column(name = "last_accessed_at")
    private Instant lastAccessedAt;

    @Column(name = "access_count")
    private int accessCount;

    @Column(name = "expires_at")
    private Instant expiresAt;

    /** Number of index terms, kept by the keyword index for BM25 length normalisation. */
    @Column(name = "doc_length")
    private int docLength;

    /** The fact's postings as the keyword index wrote them, so that it can find them again to remove. */
    @Column(name = "index_terms")
    private String indexTerms = "";

    private int version = 1;

    @Column(name = "valid_from", nullable = false)
    private Instant validFrom;

    @Column(name = "valid_to")
    private Instant validTo;

    @Column(name = "superseded_by")
    private String supersededBy;

    /** Why an automatic decision ended this fact (JSON: method, what matched, reason, confidence); null otherwise. */
    @Column(name = "supersession_evidence")
    private String supersessionEvidence;

    @Column(name = "changed_at", nullable = false)
    private Instant changedAt;

    @Enumerated(EnumType.STRING)
    @Column(name = "change_kind", nullable = false)
    private Change change = Change.CREATED;

    /** The exclusive attribute the content states, by which automatic supersession finds the facts it ends. */
    private String attribute;

    protected Fact() {
        // for JPA
    }

    public Fact(String scopeName, String content, Instant now) {
        this.id = TimeOrderedIds.next();
        this.scopeName = scopeName;
        this.content = content;
        this.category = FactDefaults.CATEGORY;
        this.type = FactType.SEMANTIC;
        this.importance = FactDefaults.IMPORTANCE;
        this.tags = "";
        this.source = FactDefaults.SOURCE;
        this.createdAt = now;
        this.updatedAt = now;
        this.validFrom = now;
        this.changedAt = now;
    }

    /**
     * A fact's stored fields as a value: what plain JDBC reads give (where EclipseLink's per-query and per-row
     * work costs more than the database takes to find the rows), what an import line and a snapshot's copy
     * hold, and what a batch insert writes. Tags stay encoded as stored, decoded when shown.
     */
    public record Row(
            String id,
            String scopeName,
            String key,
            String title,
            String content,
            String category,
            FactType type,
            double importance,
            boolean persistent,
            String storedTags,
            String source,
            Instant createdAt,
            Instant updatedAt,
            Instant lastAccessedAt,
            int accessCount,
            Instant expiresAt,
            int docLength,
            Validity validity)
            implements FactView {

        @Override
        public List<String> tags() {
            return Tags.decode(storedTags);
        }

        /** A fact outside any persistence context: changes to it are never saved. */
        public Fact toFact() {
            Fact fact = new Fact();
            fact.id = id;
            fact.overwrite(this);
            fact.docLength = docLength;
            return fact;
        }
    }

    /**
     * Takes every stored field of {@code row} but the id: an import that brings a changed copy of this fact.
     * The keyword index's own columns stay until it indexes the fact again.
     */
    public void overwrite(Row row) {
        scopeName = row.scopeName();
        key = row.key();
        title = row.title();
        content = row.content();
        category = row.category();
        type = row.type();
        importance = row.importance();
        persistent = row.persistent();
        tags = row.storedTags();
        source = row.source();
        createdAt = row.createdAt();
        updatedAt = row.updatedAt();
        lastAccessedAt = row.lastAccessedAt();
        accessCount = row.accessCount();
        expiresAt = row.expiresAt();
        validity(row.validity());
    }

    /** This fact as {@code version} of it said, current then: a detached copy for a read of the past. */
    public Fact as(FactVersion version) {
        Fact past = row().toFact();
        past.title = version.title();
        past.content = version.content();
        past.category = version.category();
        past.type = version.type();
        past.importance = version.importance();
        past.tags = Tags.encode(version.tags());
        past.source = version.source();
        past.validity(new Validity(
                version.version(), version.validFrom(), null, null, version.changedAt(), version.change()));
        return past;
    }

    /** A fact a restore brings back from its snapshot copy: a first version again, written now. */
    public static Fact restoredFrom(Row copy, Instant now) {
        Fact fact = copy.toFact();
        fact.validity(new Validity(1, now, null, null, now, Change.RESTORED));
        return fact;
    }

    /** Says and files what {@code copy} does, as of the copy (a restore): access statistics and validity stay. */
    public void takeFrom(FactView copy) {
        updatedAt = copy.updatedAt();
        key = copy.key();
        title = copy.title();
        content = copy.content();
        category = copy.category();
        type = copy.type();
        importance = copy.importance();
        persistent = copy.persistent();
        tags = Tags.encode(copy.tags());
        source = copy.source();
        expiresAt = copy.expiresAt();
    }

    /** The fact's columns, for a batch write that inserts new facts without EclipseLink. */
    public Row row() {
        return new Row(
                id,
                scopeName,
                key,
                title,
                content,
                category,
                type,
                importance,
                persistent,
                tags,
                source,
                createdAt,
                updatedAt,
                lastAccessedAt,
                accessCount,
                expiresAt,
                docLength,
                validity());
    }

    /**
     * Uses in recall, which strengthen the memory so it fades more slowly. They are counted elsewhere and
     * written to the row in batches; this only shows them, and is never saved through the entity.
     */
    public void recordAccesses(int count, Instant last) {
        accessCount += count;
        if (lastAccessedAt == null || lastAccessedAt.isBefore(last)) {
            lastAccessedAt = last;
        }
    }

    /** The same thing was remembered again: it matters a little more. */
    public void reinforce(Instant now) {
        importance = Math.min(1.0, importance + REINFORCEMENT);
        updatedAt = now;
    }

    public void touch(Instant now) {
        updatedAt = now;
    }

    public String id() {
        return id;
    }

    public String scopeName() {
        return scopeName;
    }

    public String key() {
        return key;
    }

    public void key(String key) {
        this.key = key;
    }

    public String title() {
        return title;
    }

    public void title(String title) {
        this.title = title;
    }

    /**
     * What the keyword index reads of the fact: key, title, content, category and tags, one a line. A key says what
     * the fact is about ("editor", "emergency contact") where its content often gives only the value.
     */
    public String indexedText() {
        StringBuilder text = new StringBuilder();
        if (key != null) {
            text.append(key).append('\n');
        }
        if (title != null) {
            text.append(title).append('\n');
        }
        text.append(content).append('\n').append(category);
        tags().forEach(tag -> text.append('\n').append(tag));
        return text.toString();
    }

    public String content() {
        return content;
    }

    public void content(String content) {
        this.content = content;
    }

    public String category() {
        return category;
    }

    public void category(String category) {
        this.category = category;
    }

    public FactType type() {
        return type;
    }

    public void type(FactType type) {
        this.type = type;
    }

    public double importance() {
        return importance;
    }

    public void importance(double importance) {
        this.importance = importance;
    }

    public boolean persistent() {
        return persistent;
    }

    public void persistent(boolean persistent) {
        this.persistent = persistent;
    }

    public List<String> tags() {
        return Tags.decode(tags);
    }

    public void tags(List<String> tags) {
        this.tags = Tags.encode(tags);
    }

    public String source() {
        return source;
    }

    public void source(String source) {
        this.source = source;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant updatedAt() {
        return updatedAt;
    }

    public Instant lastAccessedAt() {
        return lastAccessedAt;
    }

    public int accessCount() {
        return accessCount;
    }

    public int docLength() {
        return docLength;
    }

    public String indexTerms() {
        return indexTerms;
    }

    /** What the keyword index recorded when it indexed the fact. */
    public void indexed(int docLength, String indexTerms) {
        this.docLength = docLength;
        this.indexTerms = indexTerms;
    }

    public Instant expiresAt() {
        return expiresAt;
    }

    @Override
    public Validity validity() {
        return new Validity(version, validFrom, validTo, supersededBy, changedAt, change);
    }

    private void validity(Validity validity) {
        version = validity.version();
        validFrom = validity.validFrom();
        validTo = validity.validTo();
        supersededBy = validity.supersededBy();
        changedAt = validity.changedAt();
        change = validity.change();
    }

    /** The current version as history keeps it, once a newer one replaces it. */
    public FactVersion currentVersion() {
        return new FactVersion(
                id,
                version,
                scopeName,
                title,
                content,
                category,
                type,
                importance,
                tags(),
                source,
                validFrom,
                validTo,
                changedAt,
                change);
    }

    /** The fields a version is made of: a change of any of them is a new version, anything else is not. */
    public boolean sameVersionAs(FactVersion version) {
        return java.util.Objects.equals(title, version.title())
                && content.equals(version.content())
                && category.equals(version.category())
                && type == version.type()
                && importance == version.importance()
                && tags().equals(version.tags());
    }

    /**
     * Starts the next version: it was written now and is true from {@code from} (the previous one ends there).
     * A version that starts current again leaves whatever superseded it.
     */
    public void nextVersion(Change how, Instant from, Instant now) {
        version++;
        validFrom = from;
        validTo = null;
        supersededBy = null;
        supersessionEvidence = null;
        changedAt = now;
        change = how;
    }

    /**
     * A newer fact states what this one said, from {@code from}: this one stays, no longer current. Not a new
     * version: what it says is unchanged, only until when it was true.
     */
    public void supersede(String newerId, Instant from) {
        supersede(newerId, from, null);
    }

    /** As {@link #supersede(String, Instant)}, decided automatically for the reason {@code evidence} gives. */
    public void supersede(String newerId, Instant from, String evidence) {
        validTo = from.isBefore(validFrom) ? validFrom : from;
        supersededBy = newerId;
        supersessionEvidence = evidence;
    }

    /** Why an automatic decision superseded this fact, while it stays superseded; null when a person decided. */
    public String supersessionEvidence() {
        return supersededBy == null ? null : supersessionEvidence;
    }

    /** A supersession undone: current again. */
    public void reinstate() {
        validTo = null;
        supersededBy = null;
        supersessionEvidence = null;
    }

    /** An import brought a new version of this fact: it follows the stored one, whatever the file numbered it. */
    public void importedAfter(int previousVersion, Instant now) {
        version = Math.max(version, previousVersion + 1);
        changedAt = now;
        change = Change.IMPORTED;
    }

    /** When this fact was true from, as the caller said (a write's {@code valid_from}). */
    public void validFrom(Instant validFrom) {
        this.validFrom = validFrom;
    }

    public String attribute() {
        return attribute;
    }

    public void attribute(String attribute) {
        this.attribute = attribute;
    }

    public void expiresAt(Instant expiresAt) {
        this.expiresAt = expiresAt;
    }
}
