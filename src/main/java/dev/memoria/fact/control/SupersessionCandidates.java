package dev.memoria.fact.control;

import dev.memoria.fact.entity.Fact;
import dev.memoria.scope.entity.Scope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The current facts of a scope a new fact may replace, found by the words they share, for all contents of one
 * write with three set-wise reads (frequencies, postings, facts). A replaced fact shares the new one's frame, not
 * its new value, which no fact holds yet: so each content probes with its {@value #PROBES} rarest terms that some
 * fact holds (and at most {@value #COMMON}), and a candidate holds at least two of them (one when the content has
 * one). The {@value #LIMIT} with the most shared probes are judged; as many of the write's own earlier facts are
 * offered too.
 */
final class SupersessionCandidates {

    static final int PROBES = 6;
    static final int LIMIT = 24;
    /** A term more facts hold than this names no frame ("user", "the project"): it is no probe. */
    static final long COMMON = 500;
    /** How many of the write's newest facts holding a term are looked at. */
    static final int PER_TERM = 64;

    private final WriteTerms writeTerms;
    /** Each content's candidate ids, worked out once from the postings: a batch's contents are looked up twice. */
    private final Map<String, List<String>> idsByContent = new HashMap<>();

    private final Map<String, Fact> loaded = new HashMap<>();
    /** The write's own facts by term, in the order they were created. */
    private final Map<String, List<Fact>> createdByTerm = new HashMap<>();

    SupersessionCandidates(
            List<String> contents,
            WriteTerms writeTerms,
            Scope scope,
            TermLookup index,
            FactRepository facts,
            Instant now) {
        this.writeTerms = writeTerms;
        Map<String, Long> frequencies = writeTerms.frequencies();
        Set<String> probes = new HashSet<>();
        Map<String, List<String>> probesByContent = new HashMap<>();
        for (String content : contents) {
            List<String> rarest = terms(content).stream()
                    .filter(term -> frequencies.containsKey(term) && frequencies.get(term) <= COMMON)
                    .sorted(Comparator.comparingLong((String term) -> frequencies.get(term))
                            .thenComparing(Comparator.naturalOrder()))
                    .limit(PROBES)
                    .toList();
            probesByContent.put(content, rarest);
            probes.addAll(rarest);
        }
        Map<String, List<String>> postings = probes.isEmpty() ? Map.of() : index.postings(scope.value(), probes);
        Set<String> ids = new HashSet<>();
        probesByContent.forEach((content, rarest) -> {
            List<String> found = candidateIds(rarest, postings);
            idsByContent.put(content, found);
            ids.addAll(found);
        });
        if (!ids.isEmpty()) {
            facts.liveAmong(scope, ids, now).stream()
                    .filter(fact -> fact.isCurrent(now))
                    .forEach(fact -> loaded.put(fact.id(), fact));
        }
    }

    /** The facts a new fact with this content is judged against, scope's and this write's. */
    List<Fact> of(String content) {
        List<Fact> found = new ArrayList<>();
        idsByContent.getOrDefault(content, List.of()).stream()
                .map(loaded::get)
                .filter(Objects::nonNull)
                .forEach(found::add);
        found.addAll(createdSharing(terms(content)));
        return found;
    }

    /**
     * The write's own earlier facts sharing two of the terms (one when there is one), the newest of each term's
     * facts first and at most {@value #LIMIT}: a batch of thousands of alike facts costs each one a bounded look.
     */
    private List<Fact> createdSharing(Set<String> terms) {
        Map<Fact, Integer> hits = new LinkedHashMap<>();
        for (String term : terms) {
            List<Fact> holders = createdByTerm.getOrDefault(term, List.of());
            for (int i = holders.size() - 1; i >= Math.max(0, holders.size() - PER_TERM); i--) {
                hits.merge(holders.get(i), 1, Integer::sum);
            }
        }
        int required = Math.min(2, terms.size());
        return hits.entrySet().stream()
                .filter(hit -> hit.getValue() >= required)
                .sorted(Map.Entry.<Fact, Integer>comparingByValue().reversed())
                .limit(LIMIT)
                .map(Map.Entry::getKey)
                .toList();
    }

    /** A fact created by this write: later facts of the write may replace it. */
    void add(Fact fact) {
        terms(fact.content())
                .forEach(term -> createdByTerm
                        .computeIfAbsent(term, t -> new ArrayList<>())
                        .add(fact));
    }

    private static List<String> candidateIds(List<String> probes, Map<String, List<String>> postings) {
        if (probes.isEmpty()) {
            return List.of();
        }
        Map<String, Integer> hits = new HashMap<>();
        for (String probe : probes) {
            postings.getOrDefault(probe, List.of()).forEach(id -> hits.merge(id, 1, Integer::sum));
        }
        int required = Math.min(2, probes.size());
        return hits.entrySet().stream()
                .filter(hit -> hit.getValue() >= required)
                .sorted(Map.Entry.<String, Integer>comparingByValue()
                        .reversed()
                        .thenComparing(Map.Entry.comparingByKey()))
                .limit(LIMIT)
                .map(Map.Entry::getKey)
                .toList();
    }

    private Set<String> terms(String content) {
        return writeTerms.of(content);
    }
}
