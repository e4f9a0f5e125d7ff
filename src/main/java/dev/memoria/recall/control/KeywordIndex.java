package dev.memoria.recall.control;

import dev.memoria.fact.control.TermLookup;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactsRemoved;
import dev.memoria.fact.entity.FactsWritten;
import dev.memoria.platform.control.InLists;
import dev.memoria.platform.control.SqlDialect;
import dev.memoria.platform.control.TableStatistics;
import dev.memoria.tenant.control.BulkWrites;
import dev.memoria.tenant.control.TenantSql;
import dev.memoria.text.control.TextAnalyzer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;

/**
 * The BM25 keyword index over a fact's title, content, category and tags: postings in fact_term (and listed
 * on each fact's row), document frequencies in scope_term, document count and total length on
 * memory_scope. Callers change it in the transaction of the facts it describes, under the scope's row
 * lock, so it never disagrees with them. Native SQL (multi-row inserts, point lookups) through
 * {@link TenantSql}, which binds the tenant.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class KeywordIndex implements TermLookup {

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

    /**
     * A posting as the fact's own row lists it (Fact.indexTerms: "term tf rank_key" triples, space-separated;
     * an analyzed term holds no space), so that removal finds it in the rank index and scoring reads its tf.
     */
    private record ListedPosting(String term, int tf, double rankKey) {
        static String list(List<ListedPosting> postings) {
            StringBuilder listed = new StringBuilder();
            for (ListedPosting posting : postings) {
                if (!listed.isEmpty()) {
                    listed.append(' ');
                }
                listed.append(posting.term)
                        .append(' ')
                        .append(posting.tf)
                        .append(' ')
                        .append(posting.rankKey);
            }
            return listed.toString();
        }

        static List<ListedPosting> parse(String listed) {
            if (listed == null || listed.isEmpty()) {
                return List.of();
            }
            String[] parts = listed.split(" ");
            List<ListedPosting> postings = new ArrayList<>(parts.length / 3);
            for (int i = 0; i + 2 < parts.length; i += 3) {
                postings.add(
                        new ListedPosting(parts[i], Integer.parseInt(parts[i + 1]), Double.parseDouble(parts[i + 2])));
            }
            return postings;
        }
    }

    /** A posting's columns after tenant and scope, in the order add() builds them. */
    private static final List<BulkWrites.Column> POSTING_COLUMNS = List.of(
            new BulkWrites.Column("term", "varchar"),
            new BulkWrites.Column("fact_id", "varchar"),
            new BulkWrites.Column("tf", "int4"),
            new BulkWrites.Column("doc_length", "int4"),
            new BulkWrites.Column("rank_key", "float8"));

    static final int COMMON_TERM = 1000;
    /** Up to this many terms go to PostgreSQL as a VALUES list: one statement per list length, each planned once. */
    static final int FEW_TERMS = 16;

    private static final int MIN_CHUNK = 64;
    /** Postings as add() builds them, {term, fact id, tf, doc length, rank key}, in ix_fact_term_rank's order. */
    private static final Comparator<Object[]> IN_RANK_ORDER = Comparator.comparing(
                    (Object[] posting) -> (String) posting[0])
            .thenComparingDouble(posting -> (Double) posting[4])
            .thenComparing(posting -> (String) posting[1]);
    /** Higher scores first, then smaller ids: the order of every answer. */
    private static final Comparator<Score> BEST_FIRST = (a, b) -> {
        int byScore = Double.compare(b.value, a.value);
        return byScore != 0 ? byScore : a.factId.compareTo(b.factId);
    };

    @Inject
    TenantSql tenantSql;

    @Inject
    SqlDialect dialect;

    @Inject
    BulkWrites bulk;

    @Inject
    TableStatistics statistics;

    /** Indexes new facts (all of one scope). */
    public void add(String scope, Collection<Fact> facts) {
        if (facts.isEmpty()) {
            return;
        }
        double averageLength = scopeStatistics(scope).averageLength();
        List<Object[]> postings = new ArrayList<>();
        Map<String, Long> documentsPerTerm = new HashMap<>();
        long totalLength = 0;
        for (Fact fact : facts) {
            Map<String, Integer> terms = TextAnalyzer.termFrequencies(fact.indexedText());
            int length = terms.values().stream().mapToInt(Integer::intValue).sum();
            totalLength += length;
            double lengthNorm = averageLength > 0 ? averageLength : Math.max(1, length);
            List<ListedPosting> listed = new ArrayList<>(terms.size());
            terms.forEach((term, tf) -> {
                double rankKey = -Bm25.termScore(1.0, tf, length, lengthNorm);
                postings.add(new Object[] {term, fact.id(), tf, length, rankKey});
                listed.add(new ListedPosting(term, tf, rankKey));
                documentsPerTerm.merge(term, 1L, Long::sum);
            });
            fact.indexed(length, ListedPosting.list(listed));
        }
        // in the rank index's order: consecutive rows land on the same index pages, where a batch in fact
        // order scattered them over the whole index (A/B at 10,000 facts: PostgreSQL +16%, H2 +32% facts/s)
        postings.sort(IN_RANK_ORDER);
        bulk.insert("fact_term", scope, POSTING_COLUMNS, postings);
        adjustDocumentFrequencies(scope, documentsPerTerm);
        adjustScope(scope, facts.size(), totalLength);
        if (facts.size() >= TableStatistics.LARGE_WRITE) {
            statistics.grew();
        }
    }

    /** New facts are indexed and changed ones indexed again, in the transaction that wrote them. */
    void onWritten(@Observes FactsWritten written) {
        update(written.scope(), written.changed());
        add(written.scope(), written.created());
    }

    /** A deleted fact's postings go with it, in its transaction. */
    void onRemoved(@Observes FactsRemoved removed) {
        remove(removed.scope(), removed.facts());
    }

    /**
     * Removes facts (all of one scope) as their rows list them: each posting is found in the rank index by
     * (term, rank_key, fact_id). Their docLength and indexTerms must still be the indexed ones.
     */
    public void remove(String scope, Collection<Fact> facts) {
        if (facts.isEmpty()) {
            return;
        }
        Map<String, Long> documentsPerTerm = new HashMap<>();
        List<Object[]> postings = new ArrayList<>();
        for (Fact fact : facts) {
            for (ListedPosting posting : ListedPosting.parse(fact.indexTerms())) {
                postings.add(new Object[] {posting.term(), posting.rankKey(), fact.id()});
                documentsPerTerm.merge(posting.term(), -1L, Long::sum);
            }
        }
        postings.sort(Comparator.comparing((Object[] posting) -> (String) posting[0])
                .thenComparingDouble(posting -> (Double) posting[1])
                .thenComparing(posting -> (String) posting[2]));
        long deleted = bulk.asBatch(
                "DELETE FROM fact_term WHERE {tenant} AND scope_name = ? AND term = ?"
                        + " AND rank_key = ? AND fact_id = ?",
                List.of(scope),
                postings);
        if (deleted != postings.size()) { // a listed posting not found: the index no longer matches the facts
            throw new IllegalStateException(
                    "Removed " + deleted + " of the " + postings.size() + " postings the facts list in scope " + scope);
        }
        adjustDocumentFrequencies(scope, documentsPerTerm);
        adjustScope(
                scope, -facts.size(), -facts.stream().mapToLong(Fact::docLength).sum());
    }

    /** Re-indexes facts whose text may have changed. */
    public void update(String scope, Collection<Fact> facts) {
        remove(scope, facts);
        add(scope, facts);
    }

    /** Drops the whole index of the scope (the scope is being emptied or replaced). */
    public void clear(String scope) {
        for (String table : List.of("fact_term", "scope_term")) {
            tenantSql
                    .query("DELETE FROM " + table + " WHERE {tenant} AND scope_name = ?")
                    .setParameter(1, scope)
                    .executeUpdate();
        }
        tenantSql
                .query("UPDATE memory_scope SET doc_count = 0, total_length = 0 WHERE {tenant} AND scope_name = ?")
                .setParameter(1, scope)
                .executeUpdate();
    }

    /** How many facts of the scope hold each term; terms found nowhere are absent. */
    @Override
    public Map<String, Long> documentFrequencies(String scope, Collection<String> terms) {
        Map<String, Long> frequencies = new HashMap<>();
        forTerms("t.df", "scope_term", scope, terms, row -> frequencies.put(row.getString(1), row.getLong(2)));
        return frequencies;
    }

    /** The ids of the facts holding each term. */
    @Override
    public Map<String, List<String>> postings(String scope, Collection<String> terms) {
        Map<String, List<String>> postings = new HashMap<>();
        terms.forEach(term -> postings.put(term, new ArrayList<>()));
        forTerms(
                "t.fact_id",
                "fact_term",
                scope,
                terms,
                row -> postings.get(row.getString(1)).add(row.getString(2)));
        return postings;
    }

    private interface RowReader {
        void read(ResultSet row) throws SQLException;
    }

    /**
     * Reads {@code columns} of {@code table}'s rows for many terms of the scope (the term is column 1, the
     * columns follow) on the transaction's own connection, a range of the table's (tenant, scope, term) index
     * per term. PostgreSQL gets all terms in one statement, an index lookup per term joined laterally to the
     * terms: a few as a VALUES list, which it plans once and reuses; many as an array, which it plans on every
     * call (it estimates an array's length only from its value), but a batch of facts asks for thousands of
     * terms, and a round trip each was most of its time. (An IN list was planned as a scan of the scope
     * without fresh statistics: 1-2 s per batch of 500 terms, 61 ms for a dedup probe's 5.) H2 runs in
     * the process, so one prepared statement executed once per term costs no round trips, and H2 would scan
     * for an IN list that is not on an index's first column.
     */
    private void forTerms(String columns, String table, String scope, Collection<String> terms, RowReader reader) {
        if (terms.isEmpty()) {
            return;
        }
        // in index order, so that consecutive lookups reuse the pages the last one read
        List<String> sorted = terms.stream().sorted().toList();
        if (dialect.isPostgres()) {
            boolean few = sorted.size() <= FEW_TERMS;
            select(
                    perTermStatement(columns, table, few ? sorted.size() : 0),
                    statement -> {
                        if (few) {
                            bind(statement, sorted, List.of(scope));
                        } else {
                            statement.setArray(1, statement.getConnection().createArrayOf("varchar", sorted.toArray()));
                            statement.setString(2, scope);
                        }
                    },
                    reader);
            return;
        }
        select(
                "SELECT t.term, " + columns + " FROM " + table
                        + " t WHERE {t.tenant} AND t.scope_name = ? AND t.term = ?",
                statement -> {
                    bind(statement, List.of(scope));
                    for (String term : sorted) {
                        statement.setString(2, term);
                        readAll(statement, reader);
                    }
                },
                null);
    }

    /**
     * forTerms's statement on PostgreSQL: the terms as {@code terms} parameters, or as one array when 0, then
     * the tenant and the scope. Public for PlansWithoutStatisticsIT, which checks its plan on tables without statistics.
     */
    public static String perTermStatement(String columns, String table, int terms) {
        // OFFSET 0 keeps the lateral subquery from being flattened into a join the planner may hash:
        // for a recall's two terms it once read the scope's whole scope_term range instead of two rows
        return "SELECT q.term, hit.* FROM " + (terms > 0 ? InLists.asTable(terms) : "unnest(CAST(? AS VARCHAR[]))")
                + " AS q (term) CROSS JOIN LATERAL (SELECT " + columns + " FROM " + table + " t"
                + " WHERE {t.tenant} AND t.scope_name = ? AND t.term = q.term OFFSET 0) hit";
    }

    private interface Binder {
        void bind(PreparedStatement statement) throws SQLException;
    }

    /**
     * Runs a read on the transaction's own connection. Reads here are plain JDBC: a JPA native query costs
     * more per row than H2 takes to find it. With a null reader the binder runs the statement itself.
     */
    private void select(String sql, Binder binder, RowReader reader) {
        try (PreparedStatement statement = tenantSql.prepare(sql)) {
            binder.bind(statement);
            if (reader != null) {
                readAll(statement, reader);
            }
        } catch (SQLException e) {
            throw new PersistenceException("Cannot read the keyword index", e);
        }
    }

    /** Binds the values of all groups, in order, from the first parameter on. */
    @SafeVarargs
    private static void bind(PreparedStatement statement, Collection<String>... groups) throws SQLException {
        int parameter = 1;
        for (Collection<String> values : groups) {
            for (String value : values) {
                statement.setString(parameter++, value);
            }
        }
    }

    private static String placeholders(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }

    private static void readAll(PreparedStatement statement, RowReader reader) throws SQLException {
        try (ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                reader.read(rows);
            }
        }
    }

    /**
     * The {@code depth} best facts for the query terms by BM25, best first (expired facts included: callers
     * drop them). A term held by at most COMMON_TERM facts is read whole. A more common term is read in
     * rank_key order (its best postings first), a chunk at a time from each such term, until no fact not
     * yet seen could still enter the top {@code depth} (the threshold algorithm), or to a bounded depth.
     * The facts that end up on top then get the contributions the partial reads missed, in one lookup, so
     * their scores are exact. Both databases read the same rows, so both give the same answers.
     */
    @Transactional(Transactional.TxType.SUPPORTS) // recall reads without a transaction
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
    @Transactional(Transactional.TxType.SUPPORTS) // recall reads without a transaction
    public Ranking ranking(String scope, Collection<String> terms, int depth) {
        if (terms.isEmpty()) {
            return new Ranking(List.of(), 0);
        }
        QueryTerms lookup = lookUp(scope, terms);
        TermStatistics statistics = lookup.statistics();
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

    /**
     * The scope's document count and average length (both 0 for an empty scope), and the document frequency
     * of each query term found.
     */
    private record TermStatistics(long documents, double averageLength, Map<String, Long> frequencies) {
        static TermStatistics of(long documents, long totalLength, Map<String, Long> frequencies) {
            return documents == 0
                    ? new TermStatistics(0, 0, Map.of())
                    : new TermStatistics(documents, Math.max(1.0, (double) totalLength / documents), frequencies);
        }
    }

    /** What a query needs before it reads common terms: the statistics and the rare terms' posting lists. */
    private record QueryTerms(TermStatistics statistics, Map<String, List<Posting>> rare) {}

    /**
     * PostgreSQL answers a query of a few terms with one statement (each statement of a recall is a round
     * trip); H2 runs in the process and keeps plain lookups.
     */
    private QueryTerms lookUp(String scope, Collection<String> terms) {
        if (dialect.isPostgres() && terms.size() <= FEW_TERMS) {
            return lookUpAtOnce(scope, terms);
        }
        TermStatistics scopeOnly = scopeStatistics(scope);
        if (scopeOnly.documents() == 0) {
            return new QueryTerms(scopeOnly, Map.of());
        }
        Map<String, Long> frequencies = documentFrequencies(scope, terms);
        Map<String, List<Posting>> rare = rareTerms(frequencies);
        forTerms(
                "t.fact_id, t.tf, t.doc_length, t.rank_key",
                "fact_term",
                scope,
                rare.keySet(),
                row -> rare.get(row.getString(1))
                        .add(new Posting(row.getString(2), row.getInt(3), row.getInt(4), -row.getDouble(5))));
        return new QueryTerms(new TermStatistics(scopeOnly.documents(), scopeOnly.averageLength(), frequencies), rare);
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
        select(
                lookUpStatement(terms.size()),
                statement -> bind(statement, List.of(scope), terms, List.of(scope, scope)),
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
        return new QueryTerms(TermStatistics.of(totals[0], totals[1], frequencies), rare);
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
            select(
                    listedPostingsStatement(ids.size(), dialect.isPostgres()),
                    statement -> bind(statement, ids),
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
                : "SELECT id, doc_length, index_terms FROM fact WHERE id IN (" + placeholders(ids) + ") AND {tenant}";
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
        select(
                "SELECT fact_id, tf, doc_length, rank_key FROM fact_term WHERE {tenant} AND scope_name = ? AND term = ? "
                        + "ORDER BY {tenant_id}, scope_name, term, rank_key, fact_id"
                        + " LIMIT " + limit + (offset > 0 ? " OFFSET " + offset : ""),
                statement -> bind(statement, List.of(scope, term)),
                row -> postings.add(new Posting(row.getString(1), row.getInt(2), row.getInt(3), -row.getDouble(4))));
        return postings;
    }

    /** How many facts of the scope are indexed, which is all of them, expired ones included. */
    public long documentCount(String scope) {
        return scopeStatistics(scope).documents();
    }

    /** Document count and average document length of the scope, no term frequencies. */
    private TermStatistics scopeStatistics(String scope) {
        long[] totals = new long[2];
        select(
                "SELECT doc_count, total_length FROM memory_scope WHERE {tenant} AND scope_name = ?",
                statement -> bind(statement, List.of(scope)),
                row -> {
                    totals[0] = row.getLong(1);
                    totals[1] = row.getLong(2);
                });
        return TermStatistics.of(totals[0], totals[1], Map.of());
    }

    /** Applies df changes; the scope's row lock is held, so read-then-write cannot race. */
    private void adjustDocumentFrequencies(String scope, Map<String, Long> deltas) {
        if (deltas.isEmpty()) {
            return;
        }
        List<Object[]> rows = new ArrayList<>();
        new TreeMap<>(deltas).forEach((term, delta) -> rows.add(new Object[] {term, delta})); // in the key's order
        if (dialect.isPostgres()) {
            bulk.withArrays(
                    "INSERT INTO scope_term ({tenant_id}, scope_name, term, df) SELECT {tenant_value}, ?, d.term, d.df"
                            + " FROM unnest(CAST(? AS VARCHAR[]), CAST(? AS BIGINT[])) AS d (term, df)"
                            + " ON CONFLICT ({tenant_id}, scope_name, term) DO UPDATE SET df = scope_term.df + EXCLUDED.df",
                    List.of(scope),
                    List.of("varchar", "bigint"),
                    rows);
        } else {
            bulk.asBatch(
                    "MERGE INTO scope_term t USING (VALUES (CAST({tenant_value} AS VARCHAR(63)), CAST(? AS VARCHAR(600)),"
                            + " CAST(? AS VARCHAR(64)), CAST(? AS BIGINT))) s ({tenant_id}, scope_name, term, df) ON {t.tenant_id} = {s.tenant_id}"
                            + " AND t.scope_name = s.scope_name AND t.term = s.term WHEN MATCHED THEN UPDATE SET df = t.df + s.df"
                            + " WHEN NOT MATCHED THEN INSERT ({tenant_id}, scope_name, term, df) VALUES ({s.tenant_id}, s.scope_name, s.term, s.df)",
                    List.of(scope),
                    rows);
        }
        // the terms no fact holds any more, in one batch rather than a statement per term
        List<Object[]> lowered = rows.stream()
                .filter(row -> (Long) row[1] < 0)
                .map(row -> new Object[] {row[0]})
                .toList();
        bulk.asBatch(
                "DELETE FROM scope_term WHERE {tenant} AND scope_name = ? AND term = ? AND df <= 0",
                List.of(scope),
                lowered);
    }

    private void adjustScope(String scope, long documents, long length) {
        tenantSql
                .query("UPDATE memory_scope SET doc_count = doc_count + ?, total_length = total_length + ? "
                        + "WHERE {tenant} AND scope_name = ?")
                .setParameter(1, documents)
                .setParameter(2, length)
                .setParameter(3, scope)
                .executeUpdate();
    }
}
