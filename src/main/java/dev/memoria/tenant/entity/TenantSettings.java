package dev.memoria.tenant.entity;

import jakarta.persistence.Cacheable;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A tenant's memory policy. A tenant without a row uses {@link #defaults(String)}. */
@Entity
@Table(name = "tenant_settings")
// never from the shared cache: a change made on one server holds on every server
@Cacheable(false)
public class TenantSettings {

    public static final int DEFAULT_MAX_LOG_DAYS = 30;
    public static final int DEFAULT_MAX_CONTEXT_ENTRIES = 50;
    public static final double DEFAULT_DEDUPE_THRESHOLD = 0.7;
    public static final int DEFAULT_MAX_FACTS_PER_SCOPE = 10_000;
    public static final double DEFAULT_FORGET_BELOW = 0.0;

    /** The largest values a tenant may set: a century of logs, and what one scope's recall can still scan. */
    public static final int MOST_LOG_DAYS = 36_500;

    public static final int MOST_CONTEXT_ENTRIES = 10_000;

    public static final int MOST_FACTS_PER_SCOPE = 10_000_000;

    /** Not a @Multitenant entity: the tenant id is its primary key, and it is always looked up by it. */
    @Id
    @Column(name = "tenant_id")
    private String tenantId;

    @Column(name = "max_log_days")
    private int maxLogDays;

    @Column(name = "max_context_entries")
    private int maxContextEntries;

    @Column(name = "dedupe_threshold")
    private double dedupeThreshold;

    @Column(name = "max_facts_per_scope")
    private int maxFactsPerScope;

    @Column(name = "forget_below")
    private double forgetBelow;

    @Column(name = "semantic_recall")
    private boolean semanticRecall;

    /** "auto" (the default) or "explicit": whether a remember decides itself what it supersedes. */
    private String supersede = AUTO;

    @Column(name = "updated_at")
    private Instant updatedAt;

    public static final String AUTO = "auto";
    public static final String EXPLICIT = "explicit";

    protected TenantSettings() {
        // for JPA
    }

    public static TenantSettings defaults(String tenantId) {
        TenantSettings settings = new TenantSettings();
        settings.tenantId = tenantId;
        settings.maxLogDays = DEFAULT_MAX_LOG_DAYS;
        settings.maxContextEntries = DEFAULT_MAX_CONTEXT_ENTRIES;
        settings.dedupeThreshold = DEFAULT_DEDUPE_THRESHOLD;
        settings.maxFactsPerScope = DEFAULT_MAX_FACTS_PER_SCOPE;
        settings.forgetBelow = DEFAULT_FORGET_BELOW;
        settings.semanticRecall = true;
        return settings;
    }

    /** A detached copy: the state as it is now, whatever later merges do to this instance. */
    public TenantSettings copy() {
        TenantSettings copy = defaults(tenantId);
        copy.change(
                maxLogDays,
                maxContextEntries,
                dedupeThreshold,
                maxFactsPerScope,
                forgetBelow,
                semanticRecall,
                updatedAt);
        copy.supersede = supersede;
        return copy;
    }

    public void change(
            int maxLogDays,
            int maxContextEntries,
            double dedupeThreshold,
            int maxFactsPerScope,
            double forgetBelow,
            boolean semanticRecall,
            Instant now) {
        this.semanticRecall = semanticRecall;
        this.maxLogDays = maxLogDays;
        this.maxContextEntries = maxContextEntries;
        this.dedupeThreshold = dedupeThreshold;
        this.maxFactsPerScope = maxFactsPerScope;
        this.forgetBelow = forgetBelow;
        this.updatedAt = now;
    }

    public String tenantId() {
        return tenantId;
    }

    public int maxLogDays() {
        return maxLogDays;
    }

    public int maxContextEntries() {
        return maxContextEntries;
    }

    public double dedupeThreshold() {
        return dedupeThreshold;
    }

    public int maxFactsPerScope() {
        return maxFactsPerScope;
    }

    public double forgetBelow() {
        return forgetBelow;
    }

    /** False: the tenant's facts are not embedded and its recall is by keyword only. */
    public boolean semanticRecall() {
        return semanticRecall;
    }

    public String supersede() {
        return supersede;
    }

    /** Whether remember supersedes by itself the facts whose value it replaces ("auto"), or only named ones. */
    public boolean supersedesAutomatically() {
        return AUTO.equals(supersede);
    }

    public void supersede(String supersede) {
        this.supersede = supersede;
    }

    public Instant updatedAt() {
        return updatedAt;
    }
}
