package dev.memoria.console.control;

import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The audit log as support staff read it: every tenant's deletions and console changes, newest first,
 * optionally for one tenant. Digests only, never content, as in the API; a deletion also shows the key and title.
 */
@ApplicationScoped
public class ConsoleAuditTrail {

    /** One row; a deletion's key and title, when the fact had them, name it without its content. */
    public record Entry(
            Instant at,
            String tenant,
            String actor,
            String action,
            String scope,
            String factId,
            String digest,
            String factKey,
            String factTitle) {

        /** The audit row's columns an entry is read from, in {@link #read}'s order. */
        static final String COLUMNS =
                "at, {tenant_id}, actor, action, scope_name, fact_id, digest, fact_key, fact_title";

        /** The entry of the current row of a query selecting {@link #COLUMNS} first. */
        static Entry read(ResultSet rows) throws SQLException {
            return new Entry(
                    rows.getTimestamp(1).toInstant(),
                    rows.getString(2),
                    rows.getString(3),
                    rows.getString(4),
                    rows.getString(5),
                    rows.getString(6),
                    rows.getString(7),
                    rows.getString(8),
                    rows.getString(9));
        }
    }

    @Inject
    TenantSql tenants;

    /** Up to {@code limit + 1} entries from {@code offset}, so the caller can tell whether more follow. */
    public List<Entry> page(String tenant, String actor, int offset, int limit) {
        List<String> conditions = new ArrayList<>();
        List<Object> params = new ArrayList<>();
        if (tenant != null) {
            conditions.add("{tenant_id} = ?");
            params.add(tenant);
        }
        if (actor != null) {
            conditions.add("actor = ?");
            params.add(actor);
        }
        String sql = "SELECT " + Entry.COLUMNS + " FROM audit_event "
                + (conditions.isEmpty() ? "" : "WHERE " + String.join(" AND ", conditions) + " ")
                + "ORDER BY at DESC, id DESC LIMIT ? OFFSET ?";
        params.add(limit + 1);
        params.add(offset);
        return tenants.withOwnConnection(
                "read the audit trail",
                connection -> tenants.everyTenantRows(connection, sql, Entry::read, params.toArray()));
    }
}
