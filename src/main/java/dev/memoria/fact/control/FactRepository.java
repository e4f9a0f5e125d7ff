package dev.memoria.fact.control;

import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactStanding;
import dev.memoria.fact.entity.Tags;
import dev.memoria.platform.control.InLists;
import dev.memoria.platform.control.PageCursor;
import dev.memoria.platform.control.SqlLike;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.BulkWrites;
import dev.memoria.tenant.control.TenantEntityManager;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.TypedQuery;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Facts of the current tenant. Expired facts are never returned, whether or not eviction has run. */
@ApplicationScoped
public class FactRepository {

    /**
     * The columns of {@link Fact.Row} after its scope, then the postings the keyword index listed, for
     * {@link #insertAll}, with PostgreSQL's array types.
     */
    private static final List<BulkWrites.Column> INSERT_COLUMNS = Arrays.stream(
                    (FactColumns.ROW + ", index_terms, attribute, supersession_evidence").split(", "))
            .filter(name -> !name.equals("scope_name"))
            .map(name -> new BulkWrites.Column(
                    name,
                    switch (name) {
                        case "importance" -> "float8";
                        case "persistent" -> "bool";
                        case "access_count", "doc_length", "version" -> "int4";
                        case "created_at",
                                "updated_at",
                                "last_accessed_at",
                                "expires_at",
                                "valid_from",
                                "valid_to",
                                "changed_at" -> "timestamp";
                        default -> "varchar";
                    }))
            .toList();

    private static final String LIVE = "f.scopeName = :scope AND (f.expiresAt IS NULL OR f.expiresAt > :now)";
    /** What reads of the present show: live, and not superseded by now. */
    private static final String CURRENT = LIVE + " AND (f.validTo IS NULL OR f.validTo > :now)";

    @Inject
    TenantEntityManager db;

    @Inject
    TenantSql tenantSql;

    @Inject
    BulkWrites bulk;

    public Optional<Fact> find(Scope scope, String id, Instant now) {
        // by primary key alone, scope and expiry checked on the row: with the scope in the statement and no
        // statistics PostgreSQL walked the scope's key index instead (50 ms at 100,000 facts)
        return db.get()
                .createQuery("SELECT f FROM Fact f WHERE f.id = :id", Fact.class)
                .setParameter("id", id)
                .getResultStream()
                .filter(fact -> fact.scopeName().equals(scope.value()) && !fact.isExpired(now))
                .findFirst();
    }

    public Optional<Fact> findByKey(Scope scope, String key, Instant now) {
        return db.get()
                .createQuery("SELECT f FROM Fact f WHERE f.key = :key AND " + LIVE, Fact.class)
                .setParameter("key", key)
                .setParameter("scope", scope.value())
                .setParameter("now", now)
                .getResultStream()
                .findFirst();
    }

    /** Also finds an expired holder of the key: the key is taken until eviction removes it. */
    public Optional<Fact> findAnyByKey(Scope scope, String key) {
        return db.get()
                .createQuery("SELECT f FROM Fact f WHERE f.scopeName = :scope AND f.key = :key", Fact.class)
                .setParameter("key", key)
                .setParameter("scope", scope.value())
                .getResultStream()
                .findFirst();
    }

    /** Newest first, keyset-paged. Returns up to {@code limit + 1} rows so the caller can tell if more follow. */
    public List<Fact> list(Scope scope, FactFilter filter, PageCursor after, int limit, Instant now) {
        Map<String, Object> params = new HashMap<>();
        String keyset = "";
        if (after != null) {
            keyset = " AND (f.createdAt < :afterTime OR (f.createdAt = :afterTime AND f.id < :afterId))";
            params.put("afterTime", after.time());
            params.put("afterId", after.id());
        }
        return filtered(scope, filter, now, keyset, params, "f.createdAt DESC, f.id DESC")
                .setMaxResults(limit + 1)
                .getResultList();
    }

    /** Live facts of the scope passing the filter, in the given JPQL order (such as "f.importance DESC"); callers page it. */
    public TypedQuery<Fact> filtered(Scope scope, FactFilter filter, Instant now, String orderBy) {
        return filtered(scope, filter, now, "", new HashMap<>(), orderBy);
    }

    private TypedQuery<Fact> filtered(
            Scope scope,
            FactFilter filter,
            Instant now,
            String extraCondition,
            Map<String, Object> params,
            String orderBy) {
        return filtered(scope, filter, now, extraCondition, params, orderBy, new StringBuilder());
    }

    /** Builds the statement into {@code jpql}; without an order (a count's conditions) it returns no query. */
    private TypedQuery<Fact> filtered(
            Scope scope,
            FactFilter filter,
            Instant now,
            String extraCondition,
            Map<String, Object> params,
            String orderBy,
            StringBuilder jpql) {
        jpql.append("SELECT f FROM Fact f WHERE ").append(filter.includeSuperseded() ? LIVE : CURRENT);
        params.put("scope", scope.value());
        params.put("now", now);
        if (filter.category() != null) {
            jpql.append(" AND f.category = :category");
            params.put("category", filter.category());
        }
        if (filter.type() != null) {
            jpql.append(" AND f.type = :type");
            params.put("type", filter.type());
        }
        if (filter.persistent() != null) {
            jpql.append(" AND f.persistent = :persistent");
            params.put("persistent", filter.persistent());
        }
        if (filter.tag() != null) {
            jpql.append(" AND f.tags LIKE :tag ESCAPE '\\'");
            params.put("tag", "%" + Tags.SEPARATOR + SqlLike.escape(filter.tag()) + Tags.SEPARATOR + "%");
        }
        if (filter.text() != null) {
            jpql.append(" AND (LOWER(f.content) LIKE :text ESCAPE '\\' OR LOWER(f.title) LIKE :text ESCAPE '\\')");
            params.put("text", "%" + SqlLike.escape(filter.text().toLowerCase(Locale.ROOT)) + "%");
        }
        jpql.append(extraCondition);
        if (orderBy == null) {
            return null;
        }
        jpql.append(" ORDER BY ").append(orderBy);
        TypedQuery<Fact> query = db.get().createQuery(jpql.toString(), Fact.class);
        params.forEach(query::setParameter);
        return query;
    }

    /** How many facts {@link #filtered} lists, by the same conditions: the console shows a table's total. */
    public long countFiltered(Scope scope, FactFilter filter, Instant now) {
        Map<String, Object> params = new HashMap<>();
        StringBuilder jpql = new StringBuilder();
        filtered(scope, filter, now, "", params, null, jpql);
        TypedQuery<Long> count = db.get()
                .createQuery(jpql.toString().replaceFirst("^SELECT f FROM", "SELECT COUNT(f) FROM"), Long.class);
        params.forEach(count::setParameter);
        return count.getSingleResult();
    }

    /** Every current fact of the scope, oldest first; callers bound their own use of it. */
    public List<Fact> current(Scope scope, Instant now) {
        return every(CURRENT, scope, now);
    }

    /** Every live fact of the scope, superseded ones included, oldest first. */
    public List<Fact> live(Scope scope, Instant now) {
        return every(LIVE, scope, now);
    }

    private List<Fact> every(String condition, Scope scope, Instant now) {
        return db.get()
                .createQuery("SELECT f FROM Fact f WHERE " + condition + " ORDER BY f.createdAt, f.id", Fact.class)
                .setParameter("scope", scope.value())
                .setParameter("now", now)
                .getResultList();
    }

    /** Every fact of the scope written by {@code at}, expired, superseded or not, oldest first: a read of the past. */
    public List<Fact> writtenBy(Scope scope, Instant at) {
        return db.get()
                .createQuery(
                        "SELECT f FROM Fact f WHERE f.scopeName = :scope AND f.createdAt <= :at ORDER BY f.createdAt, f.id",
                        Fact.class)
                .setParameter("scope", scope.value())
                .setParameter("at", at)
                .getResultList();
    }

    /** The current facts of the scope that state this exclusive attribute: what a new value of it supersedes. */
    public List<Fact> currentWithAttribute(Scope scope, String attribute, Instant now, int newest) {
        return db.get()
                .createQuery(
                        "SELECT f FROM Fact f WHERE " + CURRENT
                                + " AND f.attribute = :attribute ORDER BY f.validFrom DESC, f.id DESC",
                        Fact.class)
                .setParameter("scope", scope.value())
                .setParameter("now", now)
                .setParameter("attribute", attribute)
                .setMaxResults(newest)
                .getResultList();
    }

    /**
     * The live facts of the scope among {@code ids}, in no particular order; one statement per 500 ids. The
     * statement names only the ids, so the database reads them from the primary key instead of walking the scope.
     */
    public List<Fact> liveAmong(Scope scope, Collection<String> ids, Instant now) {
        return rowsAmong(scope, ids).stream()
                .filter(fact -> !fact.isExpired(now))
                .toList();
    }

    /** Like {@link #liveAmong}, expired facts included: what eviction removes. */
    public List<Fact> rowsAmong(Scope scope, Collection<String> ids) {
        List<Fact> found = new ArrayList<>(tenantRowsAmong(ids));
        found.removeIf(fact -> !fact.scopeName().equals(scope.value()));
        return found;
    }

    /**
     * A page of the tenant's live facts in id order after {@code afterId} (null: from the first), limited to
     * {@code below} and the scopes under it when given: an export reads the tenant in such pages.
     */
    public List<Fact> tenantPage(Scope below, String afterId, int limit, Instant now) {
        TypedQuery<Fact> query = db.get()
                .createQuery(
                        "SELECT f FROM Fact f WHERE (f.expiresAt IS NULL OR f.expiresAt > :now)"
                                + (afterId == null ? "" : " AND f.id > :after")
                                + (below == null
                                        ? ""
                                        : " AND (f.scopeName = :scope OR f.scopeName LIKE :under ESCAPE '\\')")
                                + " ORDER BY f.id",
                        Fact.class)
                .setParameter("now", now);
        if (afterId != null) {
            query.setParameter("after", afterId);
        }
        if (below != null) {
            query.setParameter("scope", below.value()).setParameter("under", SqlLike.escape(below.value()) + ":%");
        }
        return query.setMaxResults(limit).getResultList();
    }

    /** The rows of the tenant with these ids, in any scope, expired or not. */
    public List<Fact> tenantRowsAmong(Collection<String> ids) {
        List<Fact> found = new ArrayList<>(ids.size());
        for (List<String> chunk : InLists.of(ids)) {
            found.addAll(db.get()
                    .createQuery("SELECT f FROM Fact f WHERE f.id IN :ids", Fact.class)
                    .setParameter("ids", chunk)
                    .getResultList());
        }
        return found;
    }

    /** The rows of the scope holding these keys, expired or not. */
    public List<Fact> keyHolders(Scope scope, Collection<String> keys) {
        List<Fact> found = new ArrayList<>(keys.size());
        for (List<String> chunk : InLists.of(keys)) {
            found.addAll(db.get()
                    .createQuery("SELECT f FROM Fact f WHERE f.scopeName = :scope AND f.key IN :keys", Fact.class)
                    .setParameter("scope", scope.value())
                    .setParameter("keys", chunk)
                    .getResultList());
        }
        return found;
    }

    /** Every row of the scope, expired or not, as eviction ranks it: one light row a fact, through plain JDBC. */
    public List<FactStanding> standings(Scope scope) {
        return tenantSql.list(
                "SELECT id, persistent, importance, access_count, created_at, last_accessed_at, expires_at, valid_to"
                        + " FROM fact WHERE {tenant} AND scope_name = ?",
                rows -> new FactStanding(
                        rows.getString(1),
                        rows.getBoolean(2),
                        rows.getDouble(3),
                        rows.getInt(4),
                        FactColumns.instant(rows.getTimestamp(5)),
                        FactColumns.instant(rows.getTimestamp(6)),
                        FactColumns.instant(rows.getTimestamp(7)),
                        FactColumns.instant(rows.getTimestamp(8))),
                scope.value());
    }

    /** Live persistent facts in creation order: the scope's MEMORY.md. */
    public List<Fact> persistent(Scope scope, Instant now) {
        return db.get()
                .createQuery(
                        "SELECT f FROM Fact f WHERE f.persistent = TRUE AND " + CURRENT + " ORDER BY f.createdAt, f.id",
                        Fact.class)
                .setParameter("scope", scope.value())
                .setParameter("now", now)
                .getResultList();
    }

    /** Every row of the scope, expired or not: what the keyword index must cover. */
    public List<Fact> rowsOf(Scope scope) {
        return db.get()
                .createQuery("SELECT f FROM Fact f WHERE f.scopeName = :scope", Fact.class)
                .setParameter("scope", scope.value())
                .getResultList();
    }

    /**
     * Inserts new facts with their final state, outside the persistence context: a batch's EclipseLink flush
     * was a fifth of its time. Later changes to these objects are not saved; a query reads the rows back.
     */
    public void insertAll(Scope scope, Collection<Fact> created) {
        List<Object[]> rows = new ArrayList<>(created.size());
        for (Fact fact : created) {
            List<Object> values = FactColumns.rowValues(fact.row());
            values.add(fact.indexTerms());
            values.add(fact.attribute());
            values.add(fact.supersessionEvidence());
            rows.add(values.toArray());
        }
        bulk.insert("fact", scope.value(), INSERT_COLUMNS, rows);
    }

    public void remove(Fact fact) {
        db.get().remove(fact);
    }

    /**
     * Large writes stop EclipseLink from flushing before every query of the transaction (which compares
     * every managed object each time: quadratic in a batch); they flush explicitly where SQL must see them.
     */
    public void flushOnlyAtCommit() {
        db.get().setFlushMode(jakarta.persistence.FlushModeType.COMMIT);
    }

    /** Writes pending changes now, so that a delete reaches the database before an insert reusing its key. */
    public void flush() {
        db.get().flush();
    }
}
