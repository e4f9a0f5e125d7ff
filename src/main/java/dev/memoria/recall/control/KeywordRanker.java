package dev.memoria.recall.control;

import dev.memoria.platform.control.InLists;
import dev.memoria.recall.control.Bm25TopK.Posting;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The keyword index's reader: a query's best facts by BM25, from the postings and statistics that
 * {@link KeywordIndex} keeps. Recall reads without a transaction, so it joins the caller's or none.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class KeywordRanker {

    @Inject
    KeywordTables tables;

    /**
     * The {@code depth} best facts for the query terms by BM25, best first (expired facts included: callers
     * drop them), as {@link Bm25TopK} ranks them over the index tables.
     */
    public List<Bm25TopK.Hit> rank(String scope, Collection<String> terms, int depth) {
        return ranking(scope, terms, depth).hits();
    }

    /**
     * A query's best facts (as {@link #rank}) and its bound: the sum of its terms' idf (a term no fact holds
     * counts as the rarest), what a fact holding each term once at the average length scores. Recall weighs the
     * keyword side by how much of it the best fact reaches.
     */
    public record Ranking(List<Bm25TopK.Hit> hits, double bound) {}

    /** {@link #rank}, with the query's bound. */
    public Ranking ranking(String scope, Collection<String> terms, int depth) {
        if (terms.isEmpty()) {
            return new Ranking(List.of(), 0);
        }
        QueryTerms lookup = lookUp(scope, terms);
        KeywordTables.TermStatistics statistics = lookup.statistics();
        if (statistics.documents() == 0) {
            return new Ranking(List.of(), 0);
        }
        double bound = 0;
        for (String term : terms) {
            bound += Bm25.idf(statistics.documents(), statistics.frequencies().getOrDefault(term, 0L));
        }
        return new Ranking(Bm25TopK.top(statistics, lookup.rare(), new IndexPostings(scope), depth), bound);
    }

    /** What a query needs before it reads common terms: the statistics and the rare terms' posting lists. */
    private record QueryTerms(KeywordTables.TermStatistics statistics, Map<String, List<Posting>> rare) {}

    /** A query of a few terms is answered with one statement: each statement of a recall is a round trip. */
    private QueryTerms lookUp(String scope, Collection<String> terms) {
        if (terms.size() <= KeywordTables.FEW_TERMS) {
            return lookUpAtOnce(scope, terms);
        }
        KeywordTables.TermStatistics scopeOnly = tables.scopeStatistics(scope);
        if (scopeOnly.documents() == 0) {
            return new QueryTerms(scopeOnly, Map.of());
        }
        Map<String, Long> frequencies = tables.documentFrequencies(scope, terms);
        Map<String, List<Posting>> rare = rareTerms(frequencies);
        tables.forTerms(
                "t.fact_id, t.tf, t.doc_length, t.rank_key",
                "fact_term",
                scope,
                rare.keySet(),
                row -> rare.get(row.getString(1))
                        .add(new Posting(row.getString(2), row.getInt(3), row.getInt(4), -row.getDouble(5))));
        return new QueryTerms(
                new KeywordTables.TermStatistics(scopeOnly.documents(), scopeOnly.averageLength(), frequencies), rare);
    }

    /**
     * The scope's row (its term is null), then each term found with its document frequency, once per posting
     * when it is held by at most COMMON_TERM facts (else once, without a fact id), in one result. Every lookup
     * is an index lookup per term (see forTerms), so the plan is the same with or without statistics.
     */
    private QueryTerms lookUpAtOnce(String scope, Collection<String> terms) {
        long[] totals = new long[2];
        Map<String, Long> frequencies = new HashMap<>();
        Map<String, List<Posting>> postings = new HashMap<>();
        tables.select(
                lookUpStatement(terms.size()),
                statement -> KeywordTables.bind(statement, List.of(scope), terms, List.of(scope, scope)),
                row -> {
                    String term = row.getString(1);
                    if (term == null) {
                        totals[0] = row.getLong(2);
                        totals[1] = row.getLong(3);
                        return;
                    }
                    frequencies.put(term, row.getLong(2));
                    if (row.getString(4) != null) {
                        postings.computeIfAbsent(term, t -> new ArrayList<>())
                                .add(new Posting(row.getString(4), row.getInt(5), row.getInt(6), -row.getDouble(7)));
                    }
                });
        Map<String, List<Posting>> rare = rareTerms(frequencies);
        rare.replaceAll((term, none) -> postings.getOrDefault(term, none));
        return new QueryTerms(KeywordTables.TermStatistics.of(totals[0], totals[1], frequencies), rare);
    }

    /**
     * lookUpAtOnce's statement: tenant and scope, the {@code terms} terms, then tenant and scope twice. Public
     * for PlansWithoutStatisticsIT.
     */
    public static String lookUpStatement(int terms) {
        return "SELECT CAST(NULL AS VARCHAR) AS term, doc_count, total_length, CAST(NULL AS VARCHAR) AS fact_id,"
                + " 0 AS tf, 0 AS doc_length, CAST(0 AS DOUBLE PRECISION) AS rank_key FROM memory_scope"
                + " WHERE {tenant} AND scope_name = ?"
                + " UNION ALL SELECT s.term, s.df, 0, t.fact_id, t.tf, t.doc_length, t.rank_key FROM "
                + InLists.asTable(terms) + " AS q (term) CROSS JOIN LATERAL (SELECT term, df FROM scope_term"
                + " WHERE {tenant} AND scope_name = ? AND term = q.term OFFSET 0) s"
                + " LEFT JOIN LATERAL (SELECT fact_id, tf, doc_length, rank_key FROM fact_term WHERE {tenant}"
                + " AND scope_name = ? AND term = s.term AND s.df <= " + Bm25TopK.COMMON_TERM + " OFFSET 0) t ON TRUE";
    }

    /** An empty posting list for each term held by at most COMMON_TERM facts: those are read whole. */
    private static Map<String, List<Posting>> rareTerms(Map<String, Long> frequencies) {
        Map<String, List<Posting>> rare = new HashMap<>();
        frequencies.forEach((term, df) -> {
            if (df <= Bm25TopK.COMMON_TERM) {
                rare.put(term, new ArrayList<>());
            }
        });
        return rare;
    }

    /** completeScores's statement: the {@code ids}, then the tenant. Public for PlansWithoutStatisticsIT. */
    public static String listedPostingsStatement(int ids) {
        // a primary-key lookup per id; with an IN list and no statistics it scanned the tenant
        return "SELECT f.* FROM " + InLists.asTable(ids) + " AS q (id) CROSS JOIN LATERAL (SELECT id,"
                + " doc_length, index_terms FROM fact WHERE id = q.id AND {tenant} OFFSET 0) f";
    }

    /** The scope's postings in the index tables, for the reads the query's lookup did not do. */
    private final class IndexPostings implements Bm25TopK.Source {
        private final String scope;

        IndexPostings(String scope) {
            this.scope = scope;
        }

        @Override
        public List<Posting> postingsOf(String term, int offset, int limit) {
            // the rank index's whole key, fixed by the WHERE up to rank_key: the rows come in index order, unsorted
            List<Posting> postings = new ArrayList<>();
            tables.select(
                    "SELECT fact_id, tf, doc_length, rank_key FROM fact_term WHERE {tenant} AND scope_name = ?"
                            + " AND term = ? ORDER BY {tenant_id}, scope_name, term, rank_key, fact_id"
                            + " LIMIT " + limit + (offset > 0 ? " OFFSET " + offset : ""),
                    statement -> KeywordTables.bind(statement, List.of(scope, term)),
                    row -> postings.add(
                            new Posting(row.getString(1), row.getInt(2), row.getInt(3), -row.getDouble(4))));
            return postings;
        }

        /** One read by primary key for up to 500 facts. */
        @Override
        public void listedPostings(List<String> factIds, Bm25TopK.ListedPostings consumer) {
            for (List<String> ids : InLists.of(factIds)) {
                tables.select(
                        listedPostingsStatement(ids.size()),
                        statement -> KeywordTables.bind(statement, ids),
                        row -> consumer.accept(row.getString(1), row.getInt(2), ListedPosting.parse(row.getString(3))));
            }
        }
    }
}
