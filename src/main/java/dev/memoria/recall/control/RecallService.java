package dev.memoria.recall.control;

import dev.memoria.fact.control.FactRepository;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactType;
import dev.memoria.platform.control.ProblemException;
import dev.memoria.platform.control.TenantEntityManager;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.scope.entity.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finding what matters for a query: pure BM25 search, and hybrid recall that also weighs use. Both only read
 * (uses are recorded in memory), so called by themselves they run without a transaction.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class RecallService {

    public static final int MAX_QUERY_CHARACTERS = 2000;
    public static final int MAX_QUERY_TERMS = 128;

    /** A recalled fact and its hybrid score in [0, 1]. */
    public record Recalled(Fact fact, double score) {
    }

    /** Narrowing of recall by the fact's own fields; null fields mean any. */
    public record Filter(FactType type, String category, String tag) {
        public static Filter none() {
            return new Filter(null, null, null);
        }

        boolean isNone() {
            return type == null && category == null && tag == null;
        }

        boolean accepts(Fact fact) {
            return (type == null || fact.type() == type) && (category == null || fact.category().equals(category))
                    && (tag == null || fact.tags().contains(tag));
        }
    }

    /** Recall looks this many times deeper than asked before re-ranking, so importance can lift a fact. */
    static final int CANDIDATE_FACTOR = 3;
    static final int MIN_CANDIDATES = 20;
    /** Room for expired facts the TTL job has not removed yet: ranking sees them, results never do. */
    static final int EXPIRED_MARGIN = 8;
    /** With a filter, how many ranked facts are examined at most to fill the answer. */
    static final int FILTERED_DEPTH = 2000;

    @Inject
    KeywordIndex index;

    @Inject
    FactRepository facts;

    @Inject
    TenantEntityManager db;

    /** The best {@code topK} facts by BM25 alone; nothing is reinforced. */
    public List<Fact> search(Scope scope, String query, int topK) {
        try (TenantEntityManager.ReadBlock reads = db.readWithoutTransaction()) {
            facts.readAroundPendingAccesses();
            Instant now = Timestamps.now();
            return live(scope, index.rank(scope.value(), terms(query), topK + EXPIRED_MARGIN), Filter.none(), topK, now)
                    .stream().map(Scored::fact).toList();
        }
    }

    /** The best {@code limit} facts by relevance, importance and retention; each returned fact is reinforced. */
    public List<Recalled> recall(Scope scope, String query, int limit, Filter filter) {
        try (TenantEntityManager.ReadBlock reads = db.readWithoutTransaction()) {
            facts.readAroundPendingAccesses();
            Instant now = Timestamps.now();
            int candidates = Math.max(limit * CANDIDATE_FACTOR, MIN_CANDIDATES);
            int depth = filter.isNone() ? candidates + EXPIRED_MARGIN : FILTERED_DEPTH;
            List<Scored> relevant = live(scope, index.rank(scope.value(), terms(query), depth), filter, candidates, now);
            List<Recalled> ranked = HybridRanking.rank(relevant, now).stream().limit(limit).toList();
            facts.recordAccess(ranked.stream().map(Recalled::fact).toList(), now);
            return ranked;
        }
    }

    private record Scored(Fact fact, double relevance) {
    }

    /** The first {@code wanted} hits, in rank order, that are live facts passing the filter. */
    private List<Scored> live(Scope scope, List<KeywordIndex.Hit> hits, Filter filter, int wanted, Instant now) {
        List<Scored> found = new ArrayList<>();
        int batch = Math.max(wanted, 16);
        for (int from = 0; from < hits.size() && found.size() < wanted; from += batch) {
            List<KeywordIndex.Hit> slice = hits.subList(from, Math.min(hits.size(), from + batch));
            Map<String, Fact> byId = new HashMap<>();
            facts.readAll(scope, slice.stream().map(KeywordIndex.Hit::factId).toList(), now)
                    .forEach(fact -> byId.put(fact.id(), fact));
            for (KeywordIndex.Hit hit : slice) {
                Fact fact = byId.get(hit.factId());
                if (fact != null && filter.accepts(fact) && found.size() < wanted) {
                    found.add(new Scored(fact, hit.score()));
                }
            }
        }
        return found;
    }

    /**
     * The query's distinct terms. Each term is a read of the index, so a query holds at most
     * {@link #MAX_QUERY_CHARACTERS} characters and {@link #MAX_QUERY_TERMS} distinct terms after analysis.
     */
    static Set<String> terms(String query) {
        if (query.length() > MAX_QUERY_CHARACTERS) {
            throw ProblemException.invalid("q", "must be at most " + MAX_QUERY_CHARACTERS + " characters");
        }
        Set<String> terms = TextAnalyzer.termFrequencies(query).keySet();
        if (terms.size() > MAX_QUERY_TERMS) {
            throw ProblemException.invalid("q", "must hold at most " + MAX_QUERY_TERMS
                    + " distinct words (stop words aside); it holds " + terms.size());
        }
        return terms;
    }

    /** Relevance first, then how important and how fresh in memory a fact is. */
    static final class HybridRanking {
        static final double RELEVANCE = 0.6;
        static final double IMPORTANCE = 0.2;
        static final double RETENTION = 0.2;

        private HybridRanking() {
        }

        static List<Recalled> rank(List<Scored> relevant, Instant now) {
            double best = relevant.stream().mapToDouble(Scored::relevance).max().orElse(1.0);
            return relevant.stream()
                    .map(s -> new Recalled(s.fact(), RELEVANCE * (best > 0 ? s.relevance() / best : 0)
                            + IMPORTANCE * s.fact().importance() + RETENTION * s.fact().retention(now)))
                    .sorted(Comparator.comparingDouble(Recalled::score).reversed()
                            .thenComparing(recalled -> recalled.fact().id()))
                    .toList();
        }
    }
}
