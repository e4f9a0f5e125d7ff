package dev.memoria.console.control;

import dev.memoria.platform.control.SqlLike;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The only console reads that span tenants: totals, daily writes, and the tenant list. They return
 * tenant ids and counts, never a tenant's facts; everything inside one tenant goes through the tenant-bound
 * services instead.
 */
@ApplicationScoped
public class ConsoleOverview {

    public record Totals(long tenants, long scopes, long facts) {}

    public record TenantRow(String tenant, long scopes, long facts, Instant updatedAt) {}

    /** Every tenant that ever wrote a scope or changed its settings. */
    private static final String TENANTS =
            "SELECT {tenant_id} FROM memory_scope UNION SELECT {tenant_id} FROM tenant_settings";

    @Inject
    TenantSql tenantSql;

    public Totals totals(Instant now) {
        return query(connection -> {
            long tenants = single(connection, "SELECT COUNT(*) FROM (" + TENANTS + ") t");
            long scopes = single(connection, "SELECT COUNT(*) FROM memory_scope");
            long facts;
            try (PreparedStatement statement = tenantSql.everyTenant(
                    connection, "SELECT COUNT(*) FROM fact WHERE expires_at IS NULL OR expires_at > ?")) {
                statement.setTimestamp(1, Timestamp.from(now));
                facts = count(statement);
            }
            return new Totals(tenants, scopes, facts);
        });
    }

    /**
     * Fact versions written per UTC day from {@code since} on: every fact a tenant holds counts on the day its
     * current version was written and each older version on its own day, whatever wrote it (remember, learn,
     * a change, an import or a migration). Deleted facts no longer count.
     */
    public Map<LocalDate, Long> factsWrittenPerDay(LocalDate since) {
        String sql = "SELECT CAST(changed_at AS DATE), COUNT(*) FROM ("
                + "SELECT changed_at FROM fact WHERE changed_at >= ? "
                + "UNION ALL SELECT changed_at FROM fact_version WHERE changed_at >= ?) w "
                + "GROUP BY CAST(changed_at AS DATE)";
        return query(connection -> {
            Map<LocalDate, Long> days = new TreeMap<>();
            try (PreparedStatement statement = tenantSql.everyTenant(connection, sql)) {
                Timestamp from =
                        Timestamp.from(since.atStartOfDay(ZoneOffset.UTC).toInstant());
                statement.setTimestamp(1, from);
                statement.setTimestamp(2, from);
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        days.put(rows.getDate(1).toLocalDate(), rows.getLong(2));
                    }
                }
            }
            return days;
        });
    }

    /**
     * Tenants whose id contains {@code search} (null: all), in id order, from {@code offset}; up to
     * {@code limit + 1} rows so the caller can tell whether more follow.
     */
    public List<TenantRow> tenants(String search, int offset, int limit, Instant now) {
        String sql = "SELECT {t.tenant_id}, "
                + "(SELECT COUNT(*) FROM memory_scope s WHERE {s.tenant_id} = {t.tenant_id}), "
                + "(SELECT COUNT(*) FROM fact f WHERE {f.tenant_id} = {t.tenant_id} AND (f.expires_at IS NULL OR f.expires_at > ?)), "
                + "(SELECT MAX(s.updated_at) FROM memory_scope s WHERE {s.tenant_id} = {t.tenant_id}) "
                + "FROM (" + TENANTS + ") t "
                + (search == null ? "" : "WHERE {t.tenant_id} LIKE ? ESCAPE '\\' ")
                + "ORDER BY {t.tenant_id} LIMIT ? OFFSET ?";
        return query(connection -> {
            try (PreparedStatement statement = tenantSql.everyTenant(connection, sql)) {
                int p = 1;
                statement.setTimestamp(p++, Timestamp.from(now));
                if (search != null) {
                    statement.setString(p++, "%" + SqlLike.escape(search) + "%");
                }
                statement.setInt(p++, limit + 1);
                statement.setInt(p, offset);
                List<TenantRow> tenants = new ArrayList<>();
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        Timestamp updated = rows.getTimestamp(4);
                        tenants.add(new TenantRow(
                                rows.getString(1),
                                rows.getLong(2),
                                rows.getLong(3),
                                updated == null ? null : updated.toInstant()));
                    }
                }
                return tenants;
            }
        });
    }

    public boolean tenantExists(String tenant) {
        return query(connection -> {
            try (PreparedStatement statement = tenantSql.everyTenant(
                    connection, "SELECT COUNT(*) FROM (" + TENANTS + ") t WHERE {t.tenant_id} = ?")) {
                statement.setString(1, tenant);
                return count(statement) > 0;
            }
        });
    }

    public boolean scopeExists(String tenant, String scope) {
        return query(connection -> {
            try (PreparedStatement statement = tenantSql.everyTenant(
                    connection, "SELECT COUNT(*) FROM memory_scope WHERE {tenant_id} = ? AND scope_name = ?")) {
                statement.setString(1, tenant);
                statement.setString(2, scope);
                return count(statement) > 0;
            }
        });
    }

    private <T> T query(TenantSql.Work<T> work) {
        return tenantSql.withOwnConnection("read the console overview", work);
    }

    private long single(Connection connection, String sql) throws SQLException {
        try (PreparedStatement statement = tenantSql.everyTenant(connection, sql)) {
            return count(statement);
        }
    }

    private static long count(PreparedStatement statement) throws SQLException {
        try (ResultSet rows = statement.executeQuery()) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
