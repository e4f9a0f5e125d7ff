package dev.memoria.recall.control;

import dev.memoria.platform.control.InLists;
import dev.memoria.platform.control.SqlDialect;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * The keyword index's reader: a query's best facts by BM25, from the postings and statistics that
 * {@link KeywordIndex} keeps. Recall reads without a transaction, so it joins the caller's or none.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class KeywordRanker {

    /** A fact id with its BM25 score for a query. */
    public record Hit(String factId, double score) {}

    /**
     * A fact's BM25 score as it is summed up, term by term, in a fixed term order (the same sums on every run).
     * Mutable, so that a recall adding thousands of contributions does not box each one.
     */
    private static final class Score {
        final String factId;
        double value;

        Score(String factId) {
            this.factId = factId;
        }

        static void add(Map<String, Score> scores, String factId, double contribution) {
            scores.computeIfAbsent(factId, Score::new).value += contribution;
        }
    }

    /** One fact's entry in a term's posting list; indexWeight is the term-frequency weight at indexing time. */
    private record Posting(String factId, int tf, int docLength, double indexWeight) {
        double score(double idf, double averageLength) {
            return Bm25.termScore(idf, tf, docLength, averageLength);
        }
    }

    /** A term held by more facts than this is read from its best postings down, not whole. */
    static final int COMMON_TERM = 1000;

    private static final int MIN_CHUNK = 64;
    /** Higher scores first, then smaller ids: the order of every answer. */
    private static final Comparator<Score> BEST_FIRST = (a, b) -> {
        int byScore = Double.compare(b.value, a.value);
        return byScore != 0 ? byScore : a.factId.compareTo(b.factId);
    };

    @Inject
    KeywordTables tables;

    @Inject
    SqlDialect dialect;

    /**
     * The {@code depth} best facts for the query terms by BM25, best first (expired facts included: callers
     * drop them). A term held by at most COMMON_TERM facts is read whole. A more common term is read in
     * rank_key order (its best postings first), a chunk at a time from each such term, until no fact not
     * yet seen could still enter the top {@code depth} (the threshold algorithm), or to a bounded depth.
     * The facts that end up on top then get the contributions the partial reads missed, in one lookup, so
     * their scores are exact. Both databases read the same rows, so both give the same answers.
     */
    public List<Hit> rank(String scope, Collection<String> terms, int depth) {
        return ranking(scope, terms, depth).hits();
    }

    /**
     * A query's best facts (as {@link #rank}) and its bound: the sum of its terms' idf (a term no fact holds
     * counts as the rarest), what a fact holding each term once at the average length scores. Recall weighs the
     * keyword side by how much of it the best fact reaches.
     */
    public record Ranking(List<Hit> hits, double bound) {}

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
        double averageLength = statistics.averageLength();
        Map<String, Long> frequencies = statistics.frequencies();
        Map<String, List<Posting>> rare = lookup.rare();
        Map<String, Score> scores = new HashMap<>();
        List<Head> heads = new ArrayList<>();
        frequencies.keySet().stream().sorted().forEach(term -> {
            double idf = Bm25.idf(statistics.documents(), frequencies.get(term));
            if (rare.containsKey(term)) {
                rare.get(term)
                        .forEach(posting -> Score.add(scores, posting.factId(), posting.score(idf, averageLength)));
            } else {
                heads.add(new Head(term, idf, frequencies.get(term)));
            }
        });
        readHeads(scope, heads, scores, depth, averageLength);
        List<Score> top = best(scores, depth);
        // completing raises only these facts' scores, so they stay the top ones: only their order can change
        completeScores(
                heads.stream().filter(Head::isPartial).toList(),
                top.stream().map(score -> score.factId).toList(),
                scores,
                averageLength);
        top.sort(BEST_FIRST);
        return new Ranking(
                top.stream().map(score -> new Hit(score.factId, score.value)).toList(), bound);
    }

    /** What a query needs before it reads common terms: the statistics and the rare terms' posting lists. */
    private record QueryTerms(KeywordTables.TermStatistics statistics, Map<String, List<Posting>> rare) {}

    /**
     * PostgreSQL answers a query of a few terms with one statement (each statement of a recall is a round
     * trip); H2 runs in the process and keeps plain lookups.
     */
    private QueryTerms lookUp(String scope, Collection<String> terms) {
        if (dialect.isPostgres() && terms.size() <= KeywordTables.FEW_TERMS) {
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
                + " AND scope_name = ? AND term = s.term AND s.df <= " + COMMON_TERM + " OFFSET 0) t ON TRUE";
    }

    /** An empty posting list for each term held by at most COMMON_TERM facts: those are read whole. */
    private static Map<String, List<Posting>> rareTerms(Map<String, Long> frequencies) {
        Map<String, List<Posting>> rare = new HashMap<>();
        frequencies.forEach((term, df) -> {
            if (df <= COMMON_TERM) {
                rare.put(term, new ArrayList<>());
            }
        });
        return rare;
    }

    /** A common term's posting list, read from its best postings down. */
    private static final class Head {
        final String term;
        final double idf;
        final long documentFrequency;
        final Set<String> seen = new HashSet<>();
        /**
         * The weight of the last posting read, as stored at indexing time: the bound on what an unread posting
         * of the term adds. Approximate once the scope's average length has moved since those postings were
         * written; the top facts' scores are completed exactly either way.
         */
        double frontier = Bm25.K1 + 1;

        int read;
        boolean done;

        Head(String term, double idf, long documentFrequency) {
            this.term = term;
            this.idf = idf;
            this.documentFrequency = documentFrequency;
        }

        boolean isPartial() {
            return read < documentFrequency;
        }
    }

    private void readHeads(String scope, List<Head> heads, Map<String, Score> scores, int depth, double averageLength) {
        int chunk = Math.max(MIN_CHUNK, 2 * depth);
        int cap = headCap(depth);
        while (true) {
            List<Head> open = heads.stream().filter(head -> !head.done).toList();
            double unseenBound =
                    open.stream().mapToDouble(head -> head.idf * head.frontier).sum();
            if (open.isEmpty() || (scores.size() >= depth && best(scores, depth).get(depth - 1).value >= unseenBound)) {
                return;
            }
            for (Head head : open) {
                List<Posting> rows = postingsOf(scope, head.term, head.read, Math.min(chunk, cap - head.read));
                for (Posting posting : rows) {
                    Score.add(scores, posting.factId(), posting.score(head.idf, averageLength));
                    head.seen.add(posting.factId());
                    head.frontier = posting.indexWeight();
                }
                head.read += rows.size();
                head.done = !head.isPartial() || head.read >= cap || rows.isEmpty();
            }
        }
    }

    /** The {@code depth} best scores, best first: a heap of that size, not a sort of every fact scored. */
    private static List<Score> best(Map<String, Score> scores, int depth) {
        PriorityQueue<Score> best = new PriorityQueue<>(depth + 1, BEST_FIRST.reversed());
        for (Score score : scores.values()) {
            if (best.size() < depth) {
                best.add(score);
            } else if (BEST_FIRST.compare(score, best.peek()) < 0) {
                best.poll();
                best.add(score);
            }
        }
        List<Score> top = new ArrayList<>(best);
        top.sort(BEST_FIRST);
        return top;
    }

    /**
     * Adds the contributions of partially read terms to the given facts where the reads missed them, from
     * the postings each fact's row lists: one read by primary key for up to 500 facts.
     */
    private void completeScores(
            List<Head> partial, List<String> factIds, Map<String, Score> scores, double averageLength) {
        if (partial.isEmpty() || factIds.isEmpty()) {
            return;
        }
        Map<String, Head> byTerm = new HashMap<>();
        partial.forEach(head -> byTerm.put(head.term, head));
        for (List<String> ids : InLists.of(factIds)) {
            tables.select(
                    listedPostingsStatement(ids.size(), dialect.isPostgres()),
                    statement -> KeywordTables.bind(statement, ids),
                    row -> {
                        String factId = row.getString(1);
                        int length = row.getInt(2);
                        for (ListedPosting posting : ListedPosting.parse(row.getString(3))) {
                            Head head = byTerm.get(posting.term());
                            if (head != null && !head.seen.contains(factId)) {
                                Score.add(
                                        scores, factId, Bm25.termScore(head.idf, posting.tf(), length, averageLength));
                            }
                        }
                    });
        }
    }

    /** completeScores's statement: the {@code ids}, then the tenant. Public for PlansWithoutStatisticsIT. */
    public static String listedPostingsStatement(int ids, boolean postgres) {
        // PostgreSQL: a primary-key lookup per id; with an IN list and no statistics it scanned the tenant
        return postgres
                ? "SELECT f.* FROM " + InLists.asTable(ids) + " AS q (id) CROSS JOIN LATERAL (SELECT id,"
                        + " doc_length, index_terms FROM fact WHERE id = q.id AND {tenant} OFFSET 0) f"
                : "SELECT id, doc_length, index_terms FROM fact WHERE id IN (" + InLists.marks(ids) + ") AND {tenant}";
    }

    /** How deep a common term is read at most: its idf is low, and a fact further down gains little from it. */
    static int headCap(int depth) {
        return Math.max(COMMON_TERM, depth * 16);
    }

    private List<Posting> postingsOf(String scope, String term, int offset, int limit) {
        // The ORDER BY names the rank index's leading columns too (fixed by the WHERE, so the order is the
        // same): H2 reads rows in index order only when the ORDER BY is a prefix of the index, and would
        // otherwise sort the term's whole posting list, on disk past 40,000 rows, for every chunk.
        List<Posting> postings = new ArrayList<>();
        tables.select(
                "SELECT fact_id, tf, doc_length, rank_key FROM fact_term WHERE {tenant} AND scope_name = ? AND term = ? "
                        + "ORDER BY {tenant_id}, scope_name, term, rank_key, fact_id"
                        + " LIMIT " + limit + (offset > 0 ? " OFFSET " + offset : ""),
                statement -> KeywordTables.bind(statement, List.of(scope, term)),
                row -> postings.add(new Posting(row.getString(1), row.getInt(2), row.getInt(3), -row.getDouble(4))));
        return postings;
    }
}
