package dev.memoria.agent.control;

import dev.memoria.agent.entity.McpSession;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.tenant.control.TenantSql;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Deletes MCP sessions idle for longer than {@link McpSession#IDLE_LIMIT}, across tenants. Not persistent:
 * every server may run it; deleting the same idle rows twice is harmless.
 */
@Singleton
@DependsOn("DatabaseMigration")
public class McpSessionSweeper {

    private static final Logger LOG = Logger.getLogger(McpSessionSweeper.class.getName());

    @Inject
    Clock clock;

    @Inject
    TenantSql sql;

    @Schedule(hour = "*", minute = "43", persistent = false, info = "memoria:mcp-sessions")
    void endIdleSessions() {
        Timestamp cutoff = Timestamp.from(Timestamps.now(clock).minus(McpSession.IDLE_LIMIT));
        try {
            int ended = sql.withOwnConnection(
                    "end idle MCP sessions",
                    connection -> sql.everyTenantUpdate(
                            connection, "DELETE FROM mcp_session WHERE last_used_at < ?", cutoff));
            if (ended > 0) {
                LOG.info(() -> "mcp: ended " + ended + " idle sessions");
            }
        } catch (PersistenceException e) {
            LOG.log(Level.WARNING, "Could not end idle MCP sessions; the next run tries again", e);
        }
    }
}
