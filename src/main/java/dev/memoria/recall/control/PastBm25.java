package dev.memoria.recall.control;

import dev.memoria.fact.entity.Fact;
import dev.memoria.text.control.TextAnalyzer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * BM25 over facts held in memory, for reads of the past: the keyword index holds today's texts, so the texts a
 * fact had then are analysed and scored here, as the index scores its postings.
 */
final class PastBm25 {

    private PastBm25() {}

    /** Each fact holding at least one of the terms, with its score. */
    static Map<String, Double> scores(Set<String> terms, List<Fact> facts) {
        Map<String, Map<String, Integer>> frequencies = new HashMap<>();
        Map<String, Integer> lengths = new HashMap<>();
        Map<String, Integer> documentFrequency = new HashMap<>();
        long totalLength = 0;
        for (Fact fact : facts) {
            Map<String, Integer> tf = TextAnalyzer.termFrequencies(fact.indexedText());
            int length = tf.values().stream().mapToInt(Integer::intValue).sum();
            frequencies.put(fact.id(), tf);
            lengths.put(fact.id(), length);
            totalLength += length;
            terms.stream().filter(tf::containsKey).forEach(term -> documentFrequency.merge(term, 1, Integer::sum));
        }
        double averageLength = facts.isEmpty() ? 0 : (double) totalLength / facts.size();
        Map<String, Double> scores = new HashMap<>();
        for (Fact fact : facts) {
            Map<String, Integer> tf = frequencies.get(fact.id());
            double score = 0;
            for (String term : terms) {
                Integer count = tf.get(term);
                if (count != null) {
                    double idf = Bm25.idf(facts.size(), documentFrequency.get(term));
                    score += Bm25.termScore(idf, count, lengths.get(fact.id()), averageLength);
                }
            }
            if (score > 0) {
                scores.put(fact.id(), score);
            }
        }
        return scores;
    }
}
