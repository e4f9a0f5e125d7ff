package dev.memoria.fact.control;

import dev.memoria.fact.entity.Change;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactType;
import dev.memoria.fact.entity.FactVersion;
import dev.memoria.fact.entity.FactsRemoved;
import dev.memoria.fact.entity.Tags;
import dev.memoria.platform.control.InLists;
import dev.memoria.platform.control.SqlLike;
import dev.memoria.scope.entity.Scope;
import dev.memoria.supersession.control.SupersessionJudge;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The versions a fact had before its current one (the fact's row is its current version). A version is kept
 * when a newer one replaces it, and goes with its fact: whatever removes a fact announces it, and its history
 * is deleted in the same transaction.
 */
@ApplicationScoped
public class FactHistory {

    private static final String COLUMNS = "fact_id, version, scope_name, title, content, category, fact_type,"
            + " importance, tags, source, valid_from, valid_to, changed_at, change_kind";

    @Inject
    TenantSql sql;

    /**
     * After a change of {@code fact}: when what it says differs from {@code before}, {@code before} is kept,
     * ended where the new version starts ({@code from}), and the fact is its next version, with the attribute it
     * now states. True when it is.
     */
    public boolean versioned(Fact fact, FactVersion before, Change how, Instant from, Instant now) {
        if (fact.sameVersionAs(before)) {
            return false;
        }
        archive(before.endedAt(from));
        fact.nextVersion(how, from, now);
        fact.attribute(SupersessionJudge.attributeOf(fact.content()).orElse(null));
        return true;
    }

    /** Keeps {@code version} (a fact's current version, ended) as history. */
    public void archive(FactVersion version) {
        sql.query("INSERT INTO fact_version ({tenant_id}, " + COLUMNS
                        + ") VALUES ({tenant_value}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .setParameter(1, version.factId())
                .setParameter(2, version.version())
                .setParameter(3, version.scopeName())
                .setParameter(4, version.title())
                .setParameter(5, version.content())
                .setParameter(6, version.category())
                .setParameter(7, version.type().name())
                .setParameter(8, version.importance())
                .setParameter(9, Tags.encode(version.tags()))
                .setParameter(10, version.source())
                .setParameter(11, FactColumns.timestamp(version.validFrom()))
                .setParameter(12, FactColumns.timestamp(version.validTo()))
                .setParameter(13, FactColumns.timestamp(version.changedAt()))
                .setParameter(14, version.change().name())
                .executeUpdate();
    }

    /** Every version of the fact, oldest first: the kept ones, then the current one. */
    public List<FactVersion> of(Fact fact) {
        List<FactVersion> versions = new ArrayList<>(older(fact.id()));
        FactVersion current = fact.currentVersion();
        versions.add(fact.validity().supersededBy() == null ? current : current.superseded());
        return versions;
    }

    /** The kept versions of a fact, oldest first. */
    public List<FactVersion> older(String factId) {
        return sql.list(
                "SELECT " + COLUMNS + " FROM fact_version WHERE {tenant} AND fact_id = ? ORDER BY version",
                FactHistory::version,
                factId);
    }

    /** For each fact of the scope with kept versions written by {@code at}, the latest of them. */
    public Map<String, FactVersion> latestOfScope(String scope, Instant at) {
        Map<String, FactVersion> latest = new HashMap<>();
        sql.list(
                        "SELECT " + COLUMNS + " FROM fact_version WHERE {tenant} AND scope_name = ? AND changed_at <= ?"
                                + " ORDER BY fact_id, version",
                        FactHistory::version,
                        scope,
                        at)
                .forEach(version -> latest.put(version.factId(), version));
        return latest;
    }

    public boolean has(String factId, int version) {
        return !sql.list(
                        "SELECT 1 FROM fact_version WHERE {tenant} AND fact_id = ? AND version = ?",
                        row -> true,
                        factId,
                        version)
                .isEmpty();
    }

    /**
     * A page of the tenant's kept versions in (fact id, version) order after {@code after} (null: from the first),
     * limited to {@code below} and the scopes under it when given: an export reads the tenant in such pages.
     */
    public List<FactVersion> tenantPage(Scope below, FactVersion after, int limit, Instant now) {
        StringBuilder statement = new StringBuilder("SELECT " + COLUMNS + " FROM fact_version v WHERE {v.tenant}"
                + " AND EXISTS (SELECT 1 FROM fact f WHERE {f.tenant} AND f.id = v.fact_id"
                + " AND (f.expires_at IS NULL OR f.expires_at > ?))");
        List<Object> parameters = new ArrayList<>();
        parameters.add(now);
        if (below != null) {
            statement.append(" AND (scope_name = ? OR scope_name LIKE ? ESCAPE '\\')");
            parameters.add(below.value());
            parameters.add(SqlLike.escape(below.value()) + ":%");
        }
        if (after != null) {
            statement.append(" AND (fact_id > ? OR (fact_id = ? AND version > ?))");
            parameters.add(after.factId());
            parameters.add(after.factId());
            parameters.add(after.version());
        }
        statement.append(" ORDER BY fact_id, version");
        return sql.firstRows(limit, statement.toString(), FactHistory::version, parameters.toArray());
    }

    /** A removed fact's versions go with it. */
    void onRemoved(@Observes FactsRemoved removed) {
        forget(removed.facts().stream().map(Fact::id).toList());
    }

    public void forget(List<String> factIds) {
        for (List<String> chunk : InLists.of(factIds)) {
            var query = sql.query(
                    "DELETE FROM fact_version WHERE {tenant} AND fact_id IN (" + InLists.marks(chunk.size()) + ")");
            for (int i = 0; i < chunk.size(); i++) {
                query.setParameter(i + 1, chunk.get(i));
            }
            query.executeUpdate();
        }
    }

    private static FactVersion version(ResultSet row) throws SQLException {
        return new FactVersion(
                row.getString(1),
                row.getInt(2),
                row.getString(3),
                row.getString(4),
                row.getString(5),
                row.getString(6),
                FactType.valueOf(row.getString(7)),
                row.getDouble(8),
                Tags.decode(row.getString(9)),
                row.getString(10),
                FactColumns.instant(row.getTimestamp(11)),
                FactColumns.instant(row.getTimestamp(12)),
                FactColumns.instant(row.getTimestamp(13)),
                Change.valueOf(row.getString(14)));
    }
}
