package dev.memoria.recall.control;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * A query's {@code depth} best facts by BM25, over a {@link Source} of postings: no database here, so the
 * algorithm is tested against a brute-force ranking. A term held by at most {@link #COMMON_TERM} facts comes whole
 * with the query's lookup. A more common term is read from its best postings down, a chunk at a time from each
 * such term, until no fact not yet seen could still enter the top {@code depth} (the threshold algorithm), or to
 * a bounded depth ({@link #headCap}). The facts that end up on top then get the contributions the partial reads
 * missed, from the postings their own rows list, so their scores are exact.
 */
final class Bm25TopK {

    /** A term held by more facts than this is read from its best postings down, not whole. */
    static final int COMMON_TERM = 1000;

    private static final int MIN_CHUNK = 64;

    /** Higher scores first, then smaller ids: the order of every answer. */
    private static final Comparator<Score> BEST_FIRST = (a, b) -> {
        int byScore = Double.compare(b.value, a.value);
        return byScore != 0 ? byScore : a.factId.compareTo(b.factId);
    };

    /** A fact id with its BM25 score for a query. */
    record Hit(String factId, double score) {}

    /** One fact's entry in a term's posting list; indexWeight is the term-frequency weight at indexing time. */
    record Posting(String factId, int tf, int docLength, double indexWeight) {
        double score(double idf, double averageLength) {
            return Bm25.termScore(idf, tf, docLength, averageLength);
        }
    }

    /** Where the postings the query's lookup did not bring are read from. */
    interface Source {

        /** The term's postings from its best (highest index weight) down, {@code limit} of them after {@code offset}. */
        List<Posting> postingsOf(String term, int offset, int limit);

        /** For each of the facts, its length and the postings its row lists. */
        void listedPostings(List<String> factIds, ListedPostings consumer);
    }

    interface ListedPostings {
        void accept(String factId, int docLength, List<ListedPosting> postings);
    }

    private Bm25TopK() {}

    /**
     * The best facts, best first (expired facts included: callers drop them). {@code rare} holds the whole
     * posting list of every term of at most COMMON_TERM facts; the others are read from {@code source}. Scores
     * are summed term by term in term order, so a query gives the same sums on every run and database.
     */
    static List<Hit> top(
            KeywordTables.TermStatistics statistics, Map<String, List<Posting>> rare, Source source, int depth) {
        double averageLength = statistics.averageLength();
        Map<String, Long> frequencies = statistics.frequencies();
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
        readHeads(source, heads, scores, depth, averageLength);
        List<Score> top = best(scores, depth);
        // completing raises only these facts' scores, so they stay the top ones: only their order can change
        completeScores(
                source,
                heads.stream().filter(Head::isPartial).toList(),
                top.stream().map(score -> score.factId).toList(),
                scores,
                averageLength);
        top.sort(BEST_FIRST);
        return top.stream().map(score -> new Hit(score.factId, score.value)).toList();
    }

    /** How deep a common term is read at most: its idf is low, and a fact further down gains little from it. */
    static int headCap(int depth) {
        return Math.max(COMMON_TERM, depth * 16);
    }

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

    private static void readHeads(
            Source source, List<Head> heads, Map<String, Score> scores, int depth, double averageLength) {
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
                List<Posting> rows = source.postingsOf(head.term, head.read, Math.min(chunk, cap - head.read));
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

    /** Adds the contributions of partially read terms to the given facts where the reads missed them. */
    private static void completeScores(
            Source source, List<Head> partial, List<String> factIds, Map<String, Score> scores, double averageLength) {
        if (partial.isEmpty() || factIds.isEmpty()) {
            return;
        }
        Map<String, Head> byTerm = new HashMap<>();
        partial.forEach(head -> byTerm.put(head.term, head));
        source.listedPostings(factIds, (factId, length, postings) -> {
            for (ListedPosting posting : postings) {
                Head head = byTerm.get(posting.term());
                if (head != null && !head.seen.contains(factId)) {
                    Score.add(scores, factId, Bm25.termScore(head.idf, posting.tf(), length, averageLength));
                }
            }
        });
    }
}
