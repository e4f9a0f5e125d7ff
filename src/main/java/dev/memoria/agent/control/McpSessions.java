package dev.memoria.agent.control;

import dev.memoria.agent.entity.McpSession;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.tenant.control.TenantContext;
import dev.memoria.tenant.control.TenantEntityManager;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * MCP sessions of the request's tenant and token subject: another tenant's session id, or another subject's of
 * the same tenant, is simply not found, so one token can neither continue nor end another's session.
 */
@ApplicationScoped
@Transactional
public class McpSessions {

    @Inject
    Clock clock;

    @Inject
    TenantEntityManager db;

    @Inject
    TenantContext tenant;

    public McpSession open(String protocolVersion, String subject) {
        McpSession session = new McpSession(protocolVersion, subject, Timestamps.now(clock));
        db.get().persist(session);
        return session;
    }

    /** The live session with this id, marked used; empty when unknown, ended or idle too long. */
    public Optional<McpSession> use(String id) {
        Instant now = Timestamps.now(clock);
        Optional<McpSession> session = find(id);
        if (session.isPresent() && session.get().isIdle(now)) {
            db.get().remove(session.get());
            return Optional.empty();
        }
        session.ifPresent(live -> live.use(now));
        return session;
    }

    /** Ends a session; false when there was none. */
    public boolean close(String id) {
        Optional<McpSession> session = find(id);
        session.ifPresent(db.get()::remove);
        return session.isPresent();
    }

    private Optional<McpSession> find(String id) {
        return db.get()
                .createQuery("SELECT s FROM McpSession s WHERE s.id = :id", McpSession.class)
                .setParameter("id", id)
                .getResultStream()
                .filter(session -> Objects.equals(session.subject(), tenant.actor()))
                .findFirst();
    }
}
