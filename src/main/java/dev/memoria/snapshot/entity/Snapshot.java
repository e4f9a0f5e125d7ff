package dev.memoria.snapshot.entity;

import dev.memoria.platform.entity.PathNames;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;
import java.util.regex.Pattern;
import org.eclipse.persistence.annotations.Multitenant;
import org.eclipse.persistence.annotations.MultitenantType;
import org.eclipse.persistence.annotations.TenantDiscriminatorColumn;

/** A named, frozen copy of a scope's facts (the copies live in snapshot_fact). */
@Entity
@Table(name = "snapshot")
@Multitenant(MultitenantType.SINGLE_TABLE)
@TenantDiscriminatorColumn(name = "tenant_id", contextProperty = "eclipselink.tenant-id", primaryKey = true)
public class Snapshot {

    /** The longest snapshot name, in characters. */
    public static final int MAX_NAME = 64;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1," + MAX_NAME + "}");

    /** Why {@code name} is not a snapshot name, or null when it is one. */
    public static String problemWithName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            return "must be 1-" + MAX_NAME + " characters of letters, digits, '.', '_' or '-'";
        }
        return PathNames.isDotSegment(name) ? PathNames.PROBLEM : null;
    }

    @Id
    private String id;

    @Column(name = "scope_name", nullable = false)
    private String scopeName;

    @Column(nullable = false)
    private String name;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "fact_count")
    private int factCount;

    protected Snapshot() {
        // for JPA
    }

    public Snapshot(String scopeName, String name, Instant createdAt) {
        this.id = UUID.randomUUID().toString();
        this.scopeName = scopeName;
        this.name = name;
        this.createdAt = createdAt;
    }

    public void factCount(int factCount) {
        this.factCount = factCount;
    }

    public String id() {
        return id;
    }

    public String scopeName() {
        return scopeName;
    }

    public String name() {
        return name;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public int factCount() {
        return factCount;
    }
}
