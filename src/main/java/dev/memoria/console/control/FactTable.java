package dev.memoria.console.control;

import dev.memoria.fact.control.FactFilter;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.Tags;
import dev.memoria.platform.control.TenantEntityManager;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.recall.control.RecallService;
import dev.memoria.scope.entity.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The scope page's fact table: filtered and sorted through the tenant-bound EntityManager (EclipseLink
 * adds tenant_id), or ranked by the same BM25 search as GET /search, then filtered.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class FactTable {

    /** A search pages by asking BM25 for more; this far and no further. */
    public static final int MAX_SEARCH_DEPTH = 1000;

    @Inject
    TenantEntityManager db;

    @Inject
    RecallService recall;

    public OffsetPage<FactDetail> list(Scope scope, FactFilter filter, FactSort sort, int page, int size) {
        Instant now = Timestamps.now();
        StringBuilder jpql = new StringBuilder("SELECT f FROM Fact f WHERE f.scopeName = :scope "
                + "AND (f.expiresAt IS NULL OR f.expiresAt > :now)");
        Map<String, Object> params = new HashMap<>();
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
        jpql.append(" ORDER BY ").append(sort.orderBy());
        TypedQuery<Fact> query = db.get().createQuery(jpql.toString(), Fact.class);
        params.forEach(query::setParameter);
        List<Fact> rows = query.setFirstResult(OffsetPage.offset(page, size)).setMaxResults(size + 1).getResultList();
        return OffsetPage.of(page, size, rows.stream().map(fact -> FactDetail.of(fact, now)).toList());
    }

    /** BM25 best first (nothing reinforced), narrowed by the filter; page n asks for n pages' worth. */
    public OffsetPage<FactDetail> search(Scope scope, String query, FactFilter filter, int page, int size) {
        Instant now = Timestamps.now();
        int depth = Math.min(MAX_SEARCH_DEPTH, page * size + 1 + (hasFilter(filter) ? MAX_SEARCH_DEPTH : 0));
        List<FactDetail> matching = recall.search(scope, query, depth).stream()
                .filter(fact -> accepts(filter, fact))
                .map(fact -> FactDetail.of(fact, now)).toList();
        int from = Math.min(OffsetPage.offset(page, size), matching.size());
        return OffsetPage.of(page, size, matching.subList(from, Math.min(matching.size(), from + size + 1)));
    }

    private static boolean hasFilter(FactFilter filter) {
        return filter.category() != null || filter.type() != null || filter.tag() != null || filter.persistent() != null;
    }

    private static boolean accepts(FactFilter filter, Fact fact) {
        return (filter.category() == null || filter.category().equals(fact.category()))
                && (filter.type() == null || filter.type() == fact.type())
                && (filter.tag() == null || fact.tags().contains(filter.tag()))
                && (filter.persistent() == null || filter.persistent() == fact.persistent());
    }
}
