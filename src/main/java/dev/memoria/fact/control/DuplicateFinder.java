package dev.memoria.fact.control;

import dev.memoria.fact.entity.Fact;
import dev.memoria.recall.control.KeywordIndex;
import dev.memoria.recall.control.TextAnalyzer;
import dev.memoria.scope.entity.Scope;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the existing fact most like a new content: Jaccard similarity of word sets at or above the
 * tenant's threshold, without comparing against the whole scope. If J(A, B) >= t, B lacks at most
 * (1 - t)·|A| of A's words, so it holds at least one of any floor((1 - t)·|A|) + 1 of A's index terms:
 * the postings of that many of A's rarest terms name every candidate. A content with fewer index terms
 * than that (mostly stop words) is compared with the whole scope instead.
 * One finder serves one write, single or batch, so facts created earlier in a batch are found too.
 */
public final class DuplicateFinder {

    private final double threshold;
    private final Map<String, Long> frequencies;
    private final Map<String, Set<Fact>> factsByTerm = new HashMap<>();
    private final Map<Fact, WordSet> words = new HashMap<>();
    /** Each content's probe terms, worked out once: analysis is the costly part of a batch. */
    private final Map<String, List<String>> probesByContent = new HashMap<>();
    private final Scope scope;
    private final FactRepository facts;
    private final Instant now;
    private boolean wholeScopeLoaded;

    /** Prepares for the given contents with three set-wise reads: frequencies, postings, candidate facts. */
    DuplicateFinder(double threshold, List<String> contents, Scope scope, KeywordIndex index, FactRepository facts,
                    Instant now) {
        this.threshold = threshold;
        this.scope = scope;
        this.facts = facts;
        this.now = now;
        Map<String, Set<String>> termsByContent = new HashMap<>();
        contents.forEach(content -> termsByContent.computeIfAbsent(content, c -> TextAnalyzer.termFrequencies(c).keySet()));
        Set<String> allTerms = new HashSet<>();
        termsByContent.values().forEach(allTerms::addAll);
        this.frequencies = allTerms.isEmpty() ? Map.of() : index.documentFrequencies(scope.value(), allTerms);
        termsByContent.forEach((content, terms) -> probesByContent.put(content, rarest(content, terms)));
        Set<String> probes = new HashSet<>();
        contents.forEach(content -> probes.addAll(probeTerms(content)));
        probes.retainAll(frequencies.keySet());
        if (!probes.isEmpty()) {
            Map<String, List<String>> postings = index.postings(scope.value(), probes);
            Set<String> ids = new HashSet<>();
            postings.values().forEach(ids::addAll);
            facts.findAll(scope, ids, now).forEach(this::add);
        }
    }

    public Optional<Fact> find(String content) {
        WordSet wordSet = WordSet.of(content);
        List<String> probes = probeTerms(content);
        Set<Fact> candidates = new LinkedHashSet<>();
        if (threshold <= 0 || probes.size() < probeCount(wordSet)) {
            loadWholeScope();
            candidates.addAll(words.keySet());
        } else {
            probes.forEach(term -> candidates.addAll(factsByTerm.getOrDefault(term, Set.of())));
        }
        Fact best = null;
        double bestScore = -1;
        for (Fact candidate : candidates) {
            double score = words.get(candidate).jaccard(wordSet);
            if (score >= threshold && (score > bestScore || (score == bestScore && candidate.id().compareTo(best.id()) < 0))) {
                best = candidate;
                bestScore = score;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Makes a fact findable: a candidate read from the scope, or one created by this write. */
    public void add(Fact fact) {
        if (words.putIfAbsent(fact, WordSet.of(fact.content())) == null) {
            TextAnalyzer.termFrequencies(fact.content()).keySet()
                    .forEach(term -> factsByTerm.computeIfAbsent(term, t -> new LinkedHashSet<>()).add(fact));
        }
    }

    private int probeCount(WordSet wordSet) {
        return (int) Math.floor((1 - threshold) * wordSet.words().size()) + 1;
    }

    /** Up to probeCount of the content's index terms, rarest in the scope first. */
    private List<String> probeTerms(String content) {
        return probesByContent.computeIfAbsent(content, c -> rarest(c, TextAnalyzer.termFrequencies(c).keySet()));
    }

    private List<String> rarest(String content, Set<String> terms) {
        return terms.stream()
                .sorted(Comparator.comparingLong((String term) -> frequencies.getOrDefault(term, 0L))
                        .thenComparing(Comparator.naturalOrder()))
                .limit(probeCount(WordSet.of(content)))
                .collect(java.util.stream.Collectors.toCollection(ArrayList::new));
    }

    private void loadWholeScope() {
        if (!wholeScopeLoaded) {
            wholeScopeLoaded = true;
            facts.all(scope, now).forEach(this::add);
        }
    }
}
