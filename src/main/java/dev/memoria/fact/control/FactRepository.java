package dev.memoria.fact.control;

import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.Tags;
import dev.memoria.platform.control.PageCursor;
import dev.memoria.platform.control.TenantEntityManager;
import dev.memoria.scope.entity.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.TypedQuery;
import org.eclipse.persistence.config.QueryHints;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Facts of the current tenant. Expired facts are never returned, whether or not eviction has run. */
@ApplicationScoped
public class FactRepository {

    private static final String LIVE = "f.scopeName = :scope AND (f.expiresAt IS NULL OR f.expiresAt > :now)";

    @Inject
    TenantEntityManager db;

    @Inject
    PendingAccesses accesses;

    public Optional<Fact> find(Scope scope, String id, Instant now) {
        return db.get().createQuery("SELECT f FROM Fact f WHERE f.id = :id AND " + LIVE, Fact.class)
                .setParameter("id", id).setParameter("scope", scope.value()).setParameter("now", now)
                .getResultStream().findFirst();
    }

    public Optional<Fact> findByKey(Scope scope, String key, Instant now) {
        return db.get().createQuery("SELECT f FROM Fact f WHERE f.key = :key AND " + LIVE, Fact.class)
                .setParameter("key", key).setParameter("scope", scope.value()).setParameter("now", now)
                .getResultStream().findFirst();
    }

    /** Also finds an expired holder of the key: the key is taken until eviction removes it. */
    public Optional<Fact> findAnyByKey(Scope scope, String key) {
        return db.get().createQuery("SELECT f FROM Fact f WHERE f.scopeName = :scope AND f.key = :key", Fact.class)
                .setParameter("key", key).setParameter("scope", scope.value())
                .getResultStream().findFirst();
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
                .setMaxResults(limit + 1).getResultList();
    }

    /** Live facts of the scope passing the filter, in the given JPQL order (such as "f.importance DESC"); callers page it. */
    public TypedQuery<Fact> filtered(Scope scope, FactFilter filter, Instant now, String orderBy) {
        return filtered(scope, filter, now, "", new HashMap<>(), orderBy);
    }

    private TypedQuery<Fact> filtered(Scope scope, FactFilter filter, Instant now, String extraCondition,
                                      Map<String, Object> params, String orderBy) {
        StringBuilder jpql = new StringBuilder("SELECT f FROM Fact f WHERE " + LIVE);
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
            params.put("tag", Tags.likePattern(filter.tag()));
        }
        if (filter.text() != null) {
            jpql.append(" AND (LOWER(f.content) LIKE :text ESCAPE '\\' OR LOWER(f.title) LIKE :text ESCAPE '\\')");
            params.put("text", "%" + Tags.escapeLike(filter.text().toLowerCase(Locale.ROOT)) + "%");
        }
        jpql.append(extraCondition).append(" ORDER BY ").append(orderBy);
        TypedQuery<Fact> query = db.get().createQuery(jpql.toString(), Fact.class);
        params.forEach(query::setParameter);
        return query;
    }

    /** Every live fact of the scope; callers bound their own use of it. */
    public List<Fact> all(Scope scope, Instant now) {
        return db.get().createQuery("SELECT f FROM Fact f WHERE " + LIVE + " ORDER BY f.createdAt, f.id", Fact.class)
                .setParameter("scope", scope.value()).setParameter("now", now)
                .getResultList();
    }

    /**
     * The live facts of the scope among {@code ids}, in no particular order; one statement per 500 ids. The
     * statement names only the ids, so H2 too reads them from the primary key instead of walking the scope.
     */
    public List<Fact> findAll(Scope scope, Collection<String> ids, Instant now) {
        return findAll(scope, ids, now, false);
    }

    /**
     * Like {@link #findAll}, for facts that are only read and answered: EclipseLink neither registers them in
     * the persistence context nor keeps a backup copy of each to detect changes, so changes are never saved.
     * Their access counts include the uses not written yet. A transaction that calls
     * {@link #readAroundPendingAccesses()} first stays read-only; any other has had them written already.
     */
    public List<Fact> readAll(Scope scope, Collection<String> ids, Instant now) {
        List<Fact> found = findAll(scope, ids, now, true);
        accesses.addTo(db.tenantId(), found);
        return found;
    }

    /** Keeps this transaction read-only: it reads recorded uses from memory instead of writing them first. */
    public void readAroundPendingAccesses() {
        db.readAroundDeferredWrites();
    }

    private List<Fact> findAll(Scope scope, Collection<String> ids, Instant now, boolean readOnly) {
        List<String> all = List.copyOf(ids);
        List<Fact> found = new ArrayList<>(all.size());
        for (int from = 0; from < all.size(); from += 500) {
            db.get().createQuery("SELECT f FROM Fact f WHERE f.id IN :ids", Fact.class)
                    .setParameter("ids", all.subList(from, Math.min(all.size(), from + 500)))
                    .setHint(QueryHints.READ_ONLY, readOnly)
                    .getResultList().stream()
                    .filter(fact -> fact.scopeName().equals(scope.value()) && !fact.isExpired(now))
                    .forEach(found::add);
        }
        return found;
    }

    /**
     * Records a use of each fact: counted in memory and written within a second (before any other
     * transaction of the tenant reads), so that recall stays read-only. The facts leave the persistence
     * context and carry the new count in memory for the caller's answer.
     */
    public void recordAccess(List<Fact> used, Instant now) {
        used.forEach(db.get()::detach);
        accesses.record(db.tenantId(), used, now);
    }

    /** Live persistent facts in creation order: the scope's MEMORY.md. */
    public List<Fact> persistent(Scope scope, Instant now) {
        return db.get().createQuery("SELECT f FROM Fact f WHERE f.persistent = TRUE AND " + LIVE
                        + " ORDER BY f.createdAt, f.id", Fact.class)
                .setParameter("scope", scope.value()).setParameter("now", now)
                .getResultList();
    }

    /** Every row of the scope, expired or not: what the keyword index must cover. */
    public List<Fact> everyRow(Scope scope) {
        return db.get().createQuery("SELECT f FROM Fact f WHERE f.scopeName = :scope", Fact.class)
                .setParameter("scope", scope.value()).getResultList();
    }

    public void add(Fact fact) {
        db.get().persist(fact);
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

    /** Writes pending changes and empties the persistence context, before rows change behind its back. */
    public void flushAndForget() {
        db.get().flush();
        db.get().clear();
    }

    /** Writes pending changes now, so that a delete reaches the database before an insert reusing its key. */
    public void flush() {
        db.get().flush();
    }
}
