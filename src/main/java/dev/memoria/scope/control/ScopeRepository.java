package dev.memoria.scope.control;

import dev.memoria.platform.control.InLists;
import dev.memoria.platform.control.SqlLike;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Query;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The scopes of the current tenant with their counts. */
@ApplicationScoped
public class ScopeRepository {

    public record ScopeSummary(String scope, long facts, long persistentFacts, long logEntries, Instant updatedAt) {}

    /** The scope's current facts, as its stats count them: neither expired nor superseded. */
    private static final String LIVE_FACTS =
            "FROM fact f WHERE {f.tenant_id} = {s.tenant_id} AND f.scope_name = s.scope_name"
                    + " AND (f.expires_at IS NULL OR f.expires_at > ?1) AND (f.valid_to IS NULL OR f.valid_to > ?1)";

    @Inject
    TenantSql tenantSql;

    /**
     * Scopes in name order after {@code afterName}, limited to those within {@code visible} (null: all).
     * Returns up to {@code limit + 1} rows so the caller can tell whether more follow.
     */
    public List<ScopeSummary> list(Optional<List<Scope>> visible, String afterName, int limit, Instant now) {
        StringBuilder sql = new StringBuilder("SELECT s.scope_name, s.updated_at, "
                + "(SELECT COUNT(*) " + LIVE_FACTS + "), "
                + "(SELECT COUNT(*) " + LIVE_FACTS + " AND f.persistent = TRUE), "
                + "(SELECT COUNT(*) FROM daily_log_entry l WHERE {l.tenant_id} = {s.tenant_id} AND l.scope_name = s.scope_name) "
                + "FROM memory_scope s WHERE {s.tenant}");
        List<Object> params = new ArrayList<>(List.of(Timestamp.from(now)));
        if (visible.isPresent()) {
            List<String> alternatives = new ArrayList<>();
            for (Scope scope : visible.get()) {
                params.add(scope.value());
                alternatives.add("s.scope_name = ?" + params.size());
                params.add(SqlLike.escape(scope.value()) + ":%");
                alternatives.add("s.scope_name LIKE ?" + params.size() + " ESCAPE '\\'");
            }
            sql.append(alternatives.isEmpty() ? " AND 1 = 0" : " AND (" + String.join(" OR ", alternatives) + ")");
        }
        if (afterName != null) {
            params.add(afterName);
            sql.append(" AND s.scope_name > ?").append(params.size());
        }
        sql.append(" ORDER BY s.scope_name");
        Query query = tenantSql.query(sql.toString());
        for (int i = 0; i < params.size(); i++) {
            query.setParameter(i + 1, params.get(i));
        }
        List<?> rows = query.setMaxResults(limit + 1).getResultList();
        List<ScopeSummary> summaries = new ArrayList<>(rows.size());
        for (Object row : rows) {
            Object[] columns = (Object[]) row;
            summaries.add(new ScopeSummary(
                    (String) columns[0],
                    count(columns[2]),
                    count(columns[3]),
                    count(columns[4]),
                    ((Timestamp) columns[1]).toInstant()));
        }
        return summaries;
    }

    /** Which of these scopes the tenant has already. */
    public Set<String> existing(Collection<String> names) {
        Set<String> existing = new HashSet<>();
        for (List<String> chunk : InLists.of(names)) {
            Query query = tenantSql.query("SELECT scope_name FROM memory_scope WHERE {tenant} AND scope_name IN ("
                    + java.util.stream.IntStream.range(0, chunk.size())
                            .mapToObj(i -> "?" + (i + 1))
                            .collect(java.util.stream.Collectors.joining(", "))
                    + ")");
            for (int i = 0; i < chunk.size(); i++) {
                query.setParameter(i + 1, chunk.get(i));
            }
            for (Object name : query.getResultList()) {
                existing.add((String) name);
            }
        }
        return existing;
    }

    private static long count(Object value) {
        return ((Number) value).longValue();
    }
}
