package dev.memoria.fact.control;

import dev.memoria.fact.entity.Fact;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the existing fact most like a new content (Jaccard of word sets at or above the threshold).
 * One finder serves one write, single or batch, so facts created earlier in a batch are found too.
 */
public final class DuplicateFinder {

    private final double threshold;
    private final Map<Fact, WordSet> known = new LinkedHashMap<>();

    DuplicateFinder(double threshold, Iterable<Fact> existing) {
        this.threshold = threshold;
        existing.forEach(this::add);
    }

    public Optional<Fact> find(String content) {
        WordSet words = WordSet.of(content);
        Fact best = null;
        double bestScore = -1;
        for (Map.Entry<Fact, WordSet> entry : known.entrySet()) {
            double score = entry.getValue().jaccard(words);
            if (score >= threshold && score > bestScore) {
                best = entry.getKey();
                bestScore = score;
            }
        }
        return Optional.ofNullable(best);
    }

    public void add(Fact fact) {
        known.put(fact, WordSet.of(fact.content()));
    }

    public void forget(Fact fact) {
        known.remove(fact);
    }
}
