package dev.memoria.dailylog.entity;

import dev.memoria.platform.entity.TimeOrderedIds;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.eclipse.persistence.annotations.Multitenant;
import org.eclipse.persistence.annotations.MultitenantType;
import org.eclipse.persistence.annotations.TenantDiscriminatorColumn;

/** One line of a scope's daily log: what was remembered, when (UTC day). */
@Entity
@Table(name = "daily_log_entry")
@Multitenant(MultitenantType.SINGLE_TABLE)
@TenantDiscriminatorColumn(name = "tenant_id", contextProperty = "eclipselink.tenant-id", primaryKey = true)
public class DailyLogEntry {

    @Id
    private String id;

    @Column(name = "scope_name", nullable = false)
    private String scopeName;

    @Column(name = "log_day", nullable = false)
    private LocalDate day;

    @Column(name = "logged_at", nullable = false)
    private Instant loggedAt;

    @Column(nullable = false)
    private String category;

    @Column(nullable = false)
    private String content;

    private boolean persistent;

    @Column(name = "fact_id")
    private String factId;

    protected DailyLogEntry() {
        // for JPA
    }

    public DailyLogEntry(
            String scopeName, Instant loggedAt, String category, String content, boolean persistent, String factId) {
        this(TimeOrderedIds.next(), scopeName, loggedAt, category, content, persistent, factId);
    }

    /** An entry under a known id: one an import brings back. */
    public DailyLogEntry(
            String id,
            String scopeName,
            Instant loggedAt,
            String category,
            String content,
            boolean persistent,
            String factId) {
        this.id = id;
        this.scopeName = scopeName;
        this.loggedAt = loggedAt;
        this.day = LocalDate.ofInstant(loggedAt, ZoneOffset.UTC);
        this.category = category;
        this.content = content;
        this.persistent = persistent;
        this.factId = factId;
    }

    /** Moves the entry {@code days} into the past; only the test hook ages logs. */
    public void backdate(int days) {
        loggedAt = loggedAt.minus(java.time.Duration.ofDays(days));
        day = LocalDate.ofInstant(loggedAt, ZoneOffset.UTC);
    }

    public String id() {
        return id;
    }

    public String scopeName() {
        return scopeName;
    }

    public LocalDate day() {
        return day;
    }

    public Instant loggedAt() {
        return loggedAt;
    }

    public String category() {
        return category;
    }

    public String content() {
        return content;
    }

    public boolean persistent() {
        return persistent;
    }

    public String factId() {
        return factId;
    }
}
