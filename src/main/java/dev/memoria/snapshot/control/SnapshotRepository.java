package dev.memoria.snapshot.control;

import dev.memoria.fact.control.FactColumns;
import dev.memoria.fact.entity.Fact;
import dev.memoria.platform.control.InLists;
import dev.memoria.platform.control.SqlLike;
import dev.memoria.scope.entity.Scope;
import dev.memoria.snapshot.entity.Snapshot;
import dev.memoria.tenant.control.BulkWrites;
import dev.memoria.tenant.control.TenantEntityManager;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.TypedQuery;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Snapshots of the current tenant. Fact copies move with INSERT ... SELECT in the database, never
 * through the JVM.
 */
@ApplicationScoped
public class SnapshotRepository {

    private static final String COLUMNS = FactColumns.STORED;

    @Inject
    TenantSql sql;

    @Inject
    TenantEntityManager db;

    @Inject
    BulkWrites bulk;

    public Optional<Snapshot> find(String scope, String name) {
        return db.get()
                .createQuery("SELECT s FROM Snapshot s WHERE s.scopeName = :scope AND s.name = :name", Snapshot.class)
                .setParameter("scope", scope)
                .setParameter("name", name)
                .getResultStream()
                .findFirst();
    }

    public List<Snapshot> all(String scope) {
        return db.get()
                .createQuery(
                        "SELECT s FROM Snapshot s WHERE s.scopeName = :scope ORDER BY s.createdAt DESC, s.name",
                        Snapshot.class)
                .setParameter("scope", scope)
                .getResultList();
    }

    public long count(String scope) {
        return db.get()
                .createQuery("SELECT COUNT(s) FROM Snapshot s WHERE s.scopeName = :scope", Long.class)
                .setParameter("scope", scope)
                .getSingleResult();
    }

    /** Saves the snapshot with a copy of the scope's current facts; returns how many were copied. */
    public int save(Snapshot snapshot, Instant now) {
        db.get().persist(snapshot);
        int copied = sql.query("INSERT INTO snapshot_fact ({tenant_id}, snapshot_id, fact_id, " + COLUMNS + ") "
                        + "SELECT {tenant_id}, ?, id, " + COLUMNS + " FROM fact WHERE {tenant} AND scope_name = ? "
                        + "AND (expires_at IS NULL OR expires_at > ?) AND (valid_to IS NULL OR valid_to > ?)")
                .setParameter(1, snapshot.id())
                .setParameter(2, snapshot.scopeName())
                .setParameter(3, Timestamp.from(now))
                .setParameter(4, Timestamp.from(now))
                .executeUpdate();
        snapshot.factCount(copied);
        return copied;
    }

    /**
     * Saves the snapshot with the given fact copies (an import's): nothing is read from the live facts. Returns
     * how many were saved.
     */
    public int saveWithFacts(Snapshot snapshot, List<Fact.Row> copies) {
        snapshot.factCount(copies.size());
        db.get().persist(snapshot);
        List<Object[]> rows = new ArrayList<>(copies.size());
        for (Fact.Row fact : copies) {
            List<Object> values = new ArrayList<>();
            values.add(fact.id());
            values.addAll(FactColumns.storedValues(fact));
            rows.add(values.toArray());
        }
        bulk.asBatch(
                "INSERT INTO snapshot_fact ({tenant_id}, snapshot_id, fact_id, " + COLUMNS
                        + ") VALUES ({tenant_value}, ?, " + InLists.marks(15)
                        + ")",
                List.of(snapshot.id()),
                rows);
        return copies.size();
    }

    /**
     * A page of the tenant's snapshots in id order after {@code afterId} (null: from the first), limited to
     * {@code below} and the scopes under it when given: an export reads the tenant in such pages.
     */
    public List<Snapshot> tenantPage(Scope below, String afterId, int limit) {
        TypedQuery<Snapshot> query = db.get()
                .createQuery(
                        "SELECT s FROM Snapshot s WHERE 1 = 1"
                                + (afterId == null ? "" : " AND s.id > :after")
                                + (below == null
                                        ? ""
                                        : " AND (s.scopeName = :scope OR s.scopeName LIKE :under ESCAPE '\\')")
                                + " ORDER BY s.id",
                        Snapshot.class);
        if (afterId != null) {
            query.setParameter("after", afterId);
        }
        if (below != null) {
            query.setParameter("scope", below.value()).setParameter("under", SqlLike.escape(below.value()) + ":%");
        }
        return query.setMaxResults(limit).getResultList();
    }

    public void delete(Snapshot snapshot) {
        sql.query("DELETE FROM snapshot_fact WHERE {tenant} AND snapshot_id = ?")
                .setParameter(1, snapshot.id())
                .executeUpdate();
        db.get().remove(snapshot);
    }

    /** The snapshot's copies of its facts; a copy keeps no versions, so it reads as its fact's first one. */
    public List<Fact.Row> facts(Snapshot snapshot) {
        return sql.list(
                "SELECT fact_id, " + COLUMNS
                        + " FROM snapshot_fact WHERE {tenant} AND snapshot_id = ? ORDER BY created_at, fact_id",
                rows -> FactColumns.copy(rows, snapshot.scopeName()),
                snapshot.id());
    }
}
