package dev.memoria.console.control;

import dev.memoria.fact.control.FactFilter;
import dev.memoria.fact.control.FactRepository;
import dev.memoria.fact.entity.Fact;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.recall.control.RecallService;
import dev.memoria.scope.entity.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * The scope page's fact table: filtered and sorted through the tenant-bound EntityManager (EclipseLink
 * adds the tenant), or ranked by the same BM25 search as GET /search, then filtered.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class FactTable {

    /** A search pages by asking BM25 for more; this far and no further. */
    public static final int MAX_SEARCH_DEPTH = 1000;

    @Inject
    Clock clock;

    @Inject
    FactRepository facts;

    @Inject
    RecallService recall;

    public OffsetPage<FactDetail> list(Scope scope, FactFilter filter, FactSort sort, int page, int size) {
        Instant now = Timestamps.now(clock);
        TypedQuery<Fact> query = facts.filtered(scope, filter, now, sort.orderBy());
        List<Fact> rows = query.setFirstResult(OffsetPage.offset(page, size))
                .setMaxResults(size + 1)
                .getResultList();
        return OffsetPage.of(
                page, size, rows.stream().map(fact -> FactDetail.of(fact, now)).toList());
    }

    /** How many facts the filter lets through: the table's total. */
    public long count(Scope scope, FactFilter filter) {
        return facts.countFiltered(scope, filter, Timestamps.now(clock));
    }

    /** BM25 best first (nothing reinforced), narrowed by the filter; page n asks for n pages' worth. */
    public OffsetPage<FactDetail> search(Scope scope, String query, FactFilter filter, int page, int size) {
        Instant now = Timestamps.now(clock);
        int depth = Math.min(MAX_SEARCH_DEPTH, page * size + 1 + (hasFilter(filter) ? MAX_SEARCH_DEPTH : 0));
        List<FactDetail> matching = recall.search(scope, query, depth).stream()
                .filter(fact -> accepts(filter, fact))
                .map(fact -> FactDetail.of(fact, now))
                .toList();
        int from = Math.min(OffsetPage.offset(page, size), matching.size());
        return OffsetPage.of(page, size, matching.subList(from, Math.min(matching.size(), from + size + 1)));
    }

    private static boolean hasFilter(FactFilter filter) {
        return filter.category() != null
                || filter.type() != null
                || filter.tag() != null
                || filter.persistent() != null;
    }

    private static boolean accepts(FactFilter filter, Fact fact) {
        return (filter.category() == null || filter.category().equals(fact.category()))
                && (filter.type() == null || filter.type() == fact.type())
                && (filter.tag() == null || fact.tags().contains(filter.tag()))
                && (filter.persistent() == null || filter.persistent() == fact.persistent());
    }
}
