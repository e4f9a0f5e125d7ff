package dev.memoria.agent.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.eclipse.persistence.annotations.Multitenant;
import org.eclipse.persistence.annotations.MultitenantType;
import org.eclipse.persistence.annotations.TenantDiscriminatorColumn;

/** An MCP session: opened by initialize, used until deleted or idle for longer than {@link #IDLE_LIMIT}. */
@Entity
@Table(name = "mcp_session")
@Multitenant(MultitenantType.SINGLE_TABLE)
@TenantDiscriminatorColumn(name = "tenant_id", contextProperty = "eclipselink.tenant-id", primaryKey = true)
public class McpSession {

    public static final Duration IDLE_LIMIT = Duration.ofHours(24);
    /** last_used_at is written at most this often, so a busy session does not write on every call. */
    static final Duration TOUCH_EVERY = Duration.ofMinutes(10);

    @Id
    private String id;

    @Column(name = "protocol_version", nullable = false)
    private String protocolVersion;

    private String subject;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "last_used_at", nullable = false)
    private Instant lastUsedAt;

    protected McpSession() {}

    public McpSession(String protocolVersion, String subject, Instant now) {
        this.id = UUID.randomUUID().toString();
        this.protocolVersion = protocolVersion;
        this.subject = subject;
        this.createdAt = now;
        this.lastUsedAt = now;
    }

    public String id() {
        return id;
    }

    public String subject() {
        return subject;
    }

    public String protocolVersion() {
        return protocolVersion;
    }

    public boolean isIdle(Instant now) {
        return lastUsedAt.plus(IDLE_LIMIT).isBefore(now);
    }

    /** Marks the session used; the row changes at most every {@link #TOUCH_EVERY}. */
    public void use(Instant now) {
        if (!lastUsedAt.plus(TOUCH_EVERY).isAfter(now)) {
            lastUsedAt = now;
        }
    }
}
