package dev.memoria.fact.control;

import dev.memoria.fact.entity.Fact;
import dev.memoria.scope.entity.Scope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the existing fact a new content repeats: Jaccard similarity of word sets at or above the tenant's
 * threshold, and no word of the fact replaced by another (that would be a new value of the same statement, for
 * supersession to judge, never a repeat to absorb), without comparing against the whole scope. If J(A, B) >= t, B lacks at most
 * m = floor((1 - t)·|A|) of A's words, so it holds at least k - m of any k of A's index terms. The
 * postings of A's m + 2 rarest terms therefore name every candidate, and only facts found in at least
 * two of them (fewer when A has fewer terms) are loaded and compared: one shared rare term is common, two
 * are not. A content with at most m index terms (mostly stop words) is compared with the whole scope.
 * One finder serves one write, single or batch, so facts created earlier in a batch are found too.
 */
public final class DuplicateFinder {

    /** How many extra probe terms each content reads, which is how many a candidate must share at least. */
    private static final int SHARED_PROBES = 2;

    private final double threshold;
    private final Map<String, Long> frequencies;
    private final Map<String, Set<Fact>> factsByTerm = new HashMap<>();
    private final Map<Fact, WordSet> words = new HashMap<>();
    /** Each content's analysis, worked out once: analysis is the costly part of a batch. */
    private final WriteTerms writeTerms;

    private final Map<String, WordSet> wordSetsByContent = new HashMap<>();
    private final Map<String, List<String>> probesByContent = new HashMap<>();
    private final Scope scope;
    private final FactRepository facts;
    private final Instant now;
    private boolean wholeScopeLoaded;

    /** Prepares for the given contents with three set-wise reads: frequencies, postings, candidate facts. */
    DuplicateFinder(
            double threshold,
            List<String> contents,
            WriteTerms writeTerms,
            Scope scope,
            TermLookup index,
            FactRepository facts,
            Instant now) {
        this.threshold = threshold;
        this.writeTerms = writeTerms;
        this.scope = scope;
        this.facts = facts;
        this.now = now;
        this.frequencies = writeTerms.frequencies();
        Set<String> probes = new HashSet<>();
        contents.forEach(content -> probes.addAll(probeTerms(content)));
        probes.retainAll(frequencies.keySet());
        if (!probes.isEmpty()) {
            Map<String, List<String>> postings = index.postings(scope.value(), probes);
            Set<String> candidates = new HashSet<>();
            for (String content : contents) {
                int required = required(content);
                if (required > 0) {
                    candidates.addAll(holdingAtLeast(required, probeTerms(content), postings));
                }
            }
            facts.liveAmong(scope, candidates, now).stream()
                    .filter(fact -> fact.isCurrent(now)) // a superseded fact said again is news, not a repeat
                    .forEach(this::add);
        }
    }

    public Optional<Fact> find(String content) {
        WordSet wordSet = wordSet(content);
        int required = required(content);
        Set<Fact> candidates = new LinkedHashSet<>();
        if (threshold <= 0 || required <= 0) {
            loadWholeScope();
            candidates.addAll(words.keySet());
        } else {
            candidates.addAll(holdingAtLeast(required, probeTerms(content), factsByTerm));
        }
        Fact best = null;
        double bestScore = -1;
        for (Fact candidate : candidates) {
            double score = words.get(candidate).jaccard(wordSet);
            if (score >= threshold
                    && !statesAnotherValue(terms(candidate.content()), terms(content))
                    && (score > bestScore
                            || (score == bestScore && candidate.id().compareTo(best.id()) < 0))) {
                best = candidate;
                bestScore = score;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * True when each text has an index term the other lacks: one says another value where the other said its own
     * ("budget is 10,000" / "budget is 6,000", "team Atlas" / "team Borealis"), which a repeat never does; a repeat
     * only adds or drops terms. Terms, not words: stop words and word forms ("on" / "via", "deploy" / "deploys")
     * change no value.
     */
    static boolean statesAnotherValue(Set<String> older, Set<String> newer) {
        return !newer.containsAll(older) && !older.containsAll(newer);
    }

    /** Makes a fact findable: a candidate read from the scope, or one created by this write. */
    public void add(Fact fact) {
        if (words.putIfAbsent(fact, wordSet(fact.content())) == null) {
            terms(fact.content())
                    .forEach(term -> factsByTerm
                            .computeIfAbsent(term, t -> new LinkedHashSet<>())
                            .add(fact));
        }
    }

    /** What is listed under at least {@code required} of the probe terms (fact ids, or facts). */
    private static <T> Set<T> holdingAtLeast(
            int required, List<String> probes, Map<String, ? extends Collection<T>> byTerm) {
        Map<T, Integer> hits = new HashMap<>();
        for (String term : probes) {
            Collection<T> holders = byTerm.get(term);
            if (holders != null) {
                holders.forEach(holder -> hits.merge(holder, 1, Integer::sum));
            }
        }
        Set<T> holding = new LinkedHashSet<>();
        hits.forEach((holder, count) -> {
            if (count >= required) {
                holding.add(holder);
            }
        });
        return holding;
    }

    /** How many of A's words a duplicate may lack: floor((1 - t)·|A|). */
    private int allowedMissing(String content) {
        return (int) Math.floor((1 - threshold) * wordSet(content).words().size());
    }

    /** How many of the content's probe terms a duplicate must hold; 0 or less means probes cannot decide. */
    private int required(String content) {
        return probeTerms(content).size() - allowedMissing(content);
    }

    /** Up to allowedMissing + SHARED_PROBES of the content's index terms, rarest in the scope first. */
    private List<String> probeTerms(String content) {
        return probesByContent.computeIfAbsent(
                content,
                c -> terms(c).stream()
                        .sorted(Comparator.comparingLong((String term) -> frequencies.getOrDefault(term, 0L))
                                .thenComparing(Comparator.naturalOrder()))
                        .limit(allowedMissing(c) + SHARED_PROBES)
                        .collect(java.util.stream.Collectors.toCollection(ArrayList::new)));
    }

    private Set<String> terms(String content) {
        return writeTerms.of(content);
    }

    private WordSet wordSet(String content) {
        return wordSetsByContent.computeIfAbsent(content, WordSet::of);
    }

    private void loadWholeScope() {
        if (!wholeScopeLoaded) {
            wholeScopeLoaded = true;
            facts.current(scope, now).forEach(this::add);
        }
    }
}
