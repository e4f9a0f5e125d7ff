package dev.memoria.recall.control;

import dev.memoria.fact.control.FactRepository;
import dev.memoria.fact.entity.Fact;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.scope.entity.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Finding what matters for a query: pure BM25 search, and hybrid recall that also weighs use. */
@ApplicationScoped
@Transactional
public class RecallService {

    /** A recalled fact and its hybrid score in [0, 1]. */
    public record Recalled(Fact fact, double score) {
    }

    /** Recall looks this many times deeper than asked before re-ranking, so importance can lift a fact. */
    static final int CANDIDATE_FACTOR = 4;
    static final int MIN_CANDIDATES = 40;

    @Inject
    KeywordIndex index;

    @Inject
    FactRepository facts;

    /** The best {@code topK} facts by BM25 alone; nothing is reinforced. */
    public List<Fact> search(Scope scope, String query, int topK) {
        Instant now = Timestamps.now();
        List<KeywordIndex.Hit> hits = index.search(scope.value(), terms(query), KeywordIndex.Filter.none(), topK, now);
        Map<String, Fact> byId = byId(scope, hits, now);
        return hits.stream().map(hit -> byId.get(hit.factId())).filter(f -> f != null).toList();
    }

    /** The best {@code limit} facts by relevance, importance and retention; each returned fact is reinforced. */
    public List<Recalled> recall(Scope scope, String query, int limit, KeywordIndex.Filter filter) {
        Instant now = Timestamps.now();
        List<KeywordIndex.Hit> hits = index.search(scope.value(), terms(query), filter,
                Math.max(limit * CANDIDATE_FACTOR, MIN_CANDIDATES), now);
        Map<String, Fact> byId = byId(scope, hits, now);
        List<Recalled> ranked = HybridRanking.rank(hits, byId, now).stream().limit(limit).toList();
        ranked.forEach(recalled -> recalled.fact().recordAccess(now));
        return ranked;
    }

    private static java.util.Set<String> terms(String query) {
        return TextAnalyzer.termFrequencies(query).keySet();
    }

    private Map<String, Fact> byId(Scope scope, List<KeywordIndex.Hit> hits, Instant now) {
        List<String> ids = hits.stream().map(KeywordIndex.Hit::factId).toList();
        return facts.findAll(scope, ids, now).stream().collect(Collectors.toMap(Fact::id, Function.identity()));
    }

    /** Relevance first, then how important and how fresh in memory a fact is. */
    static final class HybridRanking {
        static final double RELEVANCE = 0.6;
        static final double IMPORTANCE = 0.2;
        static final double RETENTION = 0.2;

        private HybridRanking() {
        }

        static List<Recalled> rank(List<KeywordIndex.Hit> hits, Map<String, Fact> facts, Instant now) {
            double best = hits.stream().mapToDouble(KeywordIndex.Hit::score).max().orElse(1.0);
            return hits.stream()
                    .filter(hit -> facts.containsKey(hit.factId()))
                    .map(hit -> {
                        Fact fact = facts.get(hit.factId());
                        double score = RELEVANCE * (best > 0 ? hit.score() / best : 0)
                                + IMPORTANCE * fact.importance() + RETENTION * fact.retention(now);
                        return new Recalled(fact, score);
                    })
                    .sorted(Comparator.comparingDouble(Recalled::score).reversed()
                            .thenComparing(recalled -> recalled.fact().id()))
                    .toList();
        }
    }
}
