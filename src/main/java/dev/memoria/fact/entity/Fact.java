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
    }

    /**
     * A fact's columns as a plain JDBC read gives them (tags still encoded), for reads where EclipseLink's
     * per-query and per-row work costs more than the database takes to find the rows.
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
            String tags,
            String source,
            Instant createdAt,
            Instant updatedAt,
            Instant lastAccessedAt,
            int accessCount,
            Instant expiresAt,
            int docLength) {

        /** A fact outside any persistence context: changes to it are never saved. */
        public Fact toFact() {
            Fact fact = new Fact();
            fact.id = id;
            fact.scopeName = scopeName;
            fact.key = key;
            fact.title = title;
            fact.content = content;
            fact.category = category;
            fact.type = type;
            fact.importance = importance;
            fact.persistent = persistent;
            fact.tags = tags;
            fact.source = source;
            fact.createdAt = createdAt;
            fact.updatedAt = updatedAt;
            fact.lastAccessedAt = lastAccessedAt;
            fact.accessCount = accessCount;
            fact.expiresAt = expiresAt;
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
        tags = row.tags();
        source = row.source();
        createdAt = row.createdAt();
        updatedAt = row.updatedAt();
        lastAccessedAt = row.lastAccessedAt();
        accessCount = row.accessCount();
        expiresAt = row.expiresAt();
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
                docLength);
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

    /** What the keyword index reads of the fact: title, content, category and tags, one a line. */
    public String indexedText() {
        StringBuilder text = new StringBuilder();
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

    public void expiresAt(Instant expiresAt) {
        this.expiresAt = expiresAt;
    }
}
