package dev.memoria.recall.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.memoria.recall.control.Bm25TopK.Hit;
import dev.memoria.recall.control.Bm25TopK.Posting;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The top-k over an in-memory index, against a brute-force BM25 ranking of every fact. */
class Bm25TopKTest {

    /** Facts with a term frequency for each of their terms; every fact a length of its own, so no two tie. */
    private static final class Corpus implements Bm25TopK.Source {
        final Map<String, Map<String, Integer>> facts = new LinkedHashMap<>();
        final Map<String, Integer> lengths = new HashMap<>();
        int postingsRead;

        Corpus(int size, Map<String, Double> termShares, long seed) {
            Random random = new Random(seed);
            for (int i = 0; i < size; i++) {
                String id = String.format("f%05d", i);
                Map<String, Integer> terms = new HashMap<>();
                termShares.forEach((term, share) -> {
                    if (random.nextDouble() < share) {
                        terms.put(term, 1 + random.nextInt(4));
                    }
                });
                facts.put(id, terms);
                lengths.put(id, 10 + i);
            }
        }

        double averageLength() {
            return lengths.values().stream()
                    .mapToInt(Integer::intValue)
                    .average()
                    .orElse(1);
        }

        long frequency(String term) {
            return facts.values().stream()
                    .filter(terms -> terms.containsKey(term))
                    .count();
        }

        KeywordTables.TermStatistics statistics(List<String> query) {
            Map<String, Long> frequencies = new HashMap<>();
            query.stream().filter(term -> frequency(term) > 0).forEach(term -> frequencies.put(term, frequency(term)));
            return new KeywordTables.TermStatistics(facts.size(), averageLength(), frequencies);
        }

        /** A term's postings, best first, with the weight indexing gives them (here at today's average length). */
        List<Posting> postings(String term) {
            List<Posting> postings = new ArrayList<>();
            facts.forEach((id, terms) -> {
                Integer tf = terms.get(term);
                if (tf != null) {
                    int length = lengths.get(id);
                    postings.add(new Posting(id, tf, length, Bm25.termScore(1.0, tf, length, averageLength())));
                }
            });
            postings.sort(
                    Comparator.comparingDouble(Posting::indexWeight).reversed().thenComparing(Posting::factId));
            return postings;
        }

        /** The whole posting list of each query term of at most COMMON_TERM facts, as the lookup brings them. */
        Map<String, List<Posting>> rare(KeywordTables.TermStatistics statistics) {
            Map<String, List<Posting>> rare = new HashMap<>();
            statistics.frequencies().forEach((term, df) -> {
                if (df <= Bm25TopK.COMMON_TERM) {
                    rare.put(term, postings(term));
                }
            });
            return rare;
        }

        @Override
        public List<Posting> postingsOf(String term, int offset, int limit) {
            List<Posting> all = postings(term);
            List<Posting> chunk = all.subList(Math.min(offset, all.size()), Math.min(offset + limit, all.size()));
            postingsRead += chunk.size();
            return chunk;
        }

        @Override
        public void listedPostings(List<String> factIds, Bm25TopK.ListedPostings consumer) {
            for (String id : factIds) {
                List<ListedPosting> listed = new ArrayList<>();
                facts.get(id).forEach((term, tf) -> listed.add(new ListedPosting(term, tf, 0)));
                consumer.accept(id, lengths.get(id), listed);
            }
        }

        /** Every fact's exact score for the query. */
        Map<String, Double> scores(List<String> query) {
            KeywordTables.TermStatistics statistics = statistics(query);
            Map<String, Double> scores = new HashMap<>();
            facts.forEach((id, terms) -> {
                double score = 0;
                boolean matched = false;
                for (String term : query) {
                    Integer tf = terms.get(term);
                    if (tf != null) {
                        double idf =
                                Bm25.idf(facts.size(), statistics.frequencies().get(term));
                        score += Bm25.termScore(idf, tf, lengths.get(id), averageLength());
                        matched = true;
                    }
                }
                if (matched) {
                    scores.put(id, score);
                }
            });
            return scores;
        }

        List<String> bruteForce(List<String> query, int depth) {
            Map<String, Double> scores = scores(query);
            return scores.keySet().stream()
                    .sorted(Comparator.comparing((String id) -> -scores.get(id)).thenComparing(id -> id))
                    .limit(depth)
                    .toList();
        }

        List<Hit> top(List<String> query, int depth) {
            KeywordTables.TermStatistics statistics = statistics(query);
            return Bm25TopK.top(statistics, rare(statistics), this, depth);
        }
    }

    @Test
    void rareTermsRankAsBruteForceDoes() {
        Corpus corpus = new Corpus(400, Map.of("berlin", 0.05, "coffee", 0.2, "rust", 0.1), 7);
        List<String> query = List.of("berlin", "coffee", "rust");

        List<Hit> top = corpus.top(query, 10);

        assertEquals(corpus.bruteForce(query, 10), top.stream().map(Hit::factId).toList());
        assertScoresExact(corpus, query, top);
        assertEquals(0, corpus.postingsRead, "rare terms come whole with the lookup");
    }

    @Test
    void aCommonTermIsReadOnlyUntilNoUnseenFactCanEnterTheTop() {
        Corpus corpus = new Corpus(3000, Map.of("meeting", 0.6), 11);
        List<String> query = List.of("meeting");
        long frequency = corpus.frequency("meeting");
        assertTrue(frequency > Bm25TopK.COMMON_TERM, "the term is common: " + frequency);

        List<Hit> top = corpus.top(query, 10);

        assertEquals(corpus.bruteForce(query, 10), top.stream().map(Hit::factId).toList());
        assertScoresExact(corpus, query, top);
        assertTrue(
                corpus.postingsRead < frequency / 4,
                "read " + corpus.postingsRead + " of " + frequency + " postings: the best ones settle the top 10");
    }

    /** A common term read in part: the facts on top still get its contributions the partial read missed. */
    @Test
    void theTopFactsScoresAreCompletedWhereACommonTermWasReadInPart() {
        Corpus corpus = new Corpus(3000, Map.of("meeting", 0.6, "standup", 0.5, "budget", 0.02), 23);
        List<String> query = List.of("budget", "meeting", "standup");

        List<Hit> top = corpus.top(query, 20);

        assertEquals(20, top.size());
        assertScoresExact(corpus, query, top);
        for (int i = 1; i < top.size(); i++) {
            assertTrue(top.get(i - 1).score() >= top.get(i).score(), "best first");
        }
        assertTrue(corpus.postingsRead < corpus.frequency("meeting") + corpus.frequency("standup"), "read in part");
    }

    @Test
    void aScopeWithoutTheTermsHasNoHits() {
        Corpus corpus = new Corpus(50, Map.of("coffee", 0.5), 3);
        assertEquals(List.of(), corpus.top(List.of("tea"), 10));
    }

    private static void assertScoresExact(Corpus corpus, List<String> query, List<Hit> top) {
        Map<String, Double> exact = corpus.scores(query);
        for (Hit hit : top) {
            assertEquals(exact.get(hit.factId()), hit.score(), 1e-9, hit.factId());
        }
    }
}
