package dev.memoria.recall.control;

import dev.memoria.embedding.control.SemanticSearch;
import dev.memoria.embedding.control.VectorIndex;
import dev.memoria.fact.control.FactReads;
import dev.memoria.fact.control.PastFacts;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactType;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.entity.Scope;
import dev.memoria.supersession.control.FactFrames;
import dev.memoria.tenant.control.TenantEntityManager;
import dev.memoria.text.control.TextAnalyzer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finding what matters for a query: pure BM25 search, and recall that fuses BM25 with the similarity of meaning
 * (embeddings), then weighs importance and retention. Both only read (uses are recorded in memory), so called by
 * themselves they run without a transaction.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class RecallService {

    public static final int MAX_QUERY_CHARACTERS = 2000;

    /** How many facts a recall returns unless asked otherwise, and at most. */
    public static final int DEFAULT_LIMIT = 5;

    public static final int MAX_LIMIT = 100;
    public static final int MAX_QUERY_TERMS = 128;

    /** Each signal of a recalled fact in [0, 1]; semantic is null while the fact has no vector (or recall is by keyword). */
    public record Signals(double keyword, Double semantic, double importance, double retention) {}

    /** A recalled fact, its score in [0, 1] and the signals it was made of. */
    public record Recalled(Fact fact, double score, Signals signals) {}

    /** A recall's facts, best first, and the mode it could use (keyword when meaning is not available). */
    public record Answer(RecallMode mode, List<Recalled> items) {}

    /** Narrowing of recall by the fact's own fields; null fields mean any. */
    /** What recall and search may answer with: current facts (superseded ones too when asked) of these kinds. */
    public record Filter(FactType type, String category, String tag, boolean includeSuperseded) {
        public static Filter none() {
            return new Filter(null, null, null, false);
        }

        boolean isNone() {
            return type == null && category == null && tag == null;
        }

        boolean accepts(Fact fact, Instant now) {
            return (includeSuperseded || fact.validity().isCurrent(now))
                    && (type == null || fact.type() == type)
                    && (category == null || fact.category().equals(category))
                    && (tag == null || fact.tags().contains(tag));
        }
    }

    /** Recall looks this many times deeper than asked before re-ranking, so importance can lift a fact. */
    static final int CANDIDATE_FACTOR = 3;

    static final int MIN_CANDIDATES = 20;
    /** Room for expired facts the TTL job has not removed yet and superseded ones: ranking sees them, results not. */
    static final int EXPIRED_MARGIN = 32;
    /** With a filter, how many ranked facts are examined at most to fill the answer. */
    static final int FILTERED_DEPTH = 2000;

    @Inject
    Clock clock;

    @Inject
    KeywordRanker ranker;

    @Inject
    FactReads facts;

    @Inject
    TenantEntityManager db;

    @Inject
    PastFacts past;

    @Inject
    SemanticSearch semantic;

    /** The best {@code topK} facts by BM25 alone; nothing is reinforced. */
    public List<Fact> search(Scope scope, String query, int topK) {
        return search(scope, query, topK, Filter.none());
    }

    /** The best {@code topK} facts by BM25 alone that pass the filter; nothing is reinforced. */
    public List<Fact> search(Scope scope, String query, int topK, Filter filter) {
        try (TenantEntityManager.ReadBlock reads = db.readWithoutTransaction()) {
            facts.readAroundPendingAccesses();
            Instant now = Timestamps.now(clock);
            return live(scope, ranker.rank(scope.value(), terms(query), topK + EXPIRED_MARGIN), filter, topK, now)
                    .stream()
                    .map(Scored::fact)
                    .toList();
        }
    }

    /**
     * The {@code k} facts nearest the query by meaning alone, whose cosine is at least {@code minCosine}, best first,
     * that pass the filter; nothing is reinforced. Empty where meaning cannot take part (no vectors, or off).
     */
    public List<Fact> nearest(Scope scope, String query, int k, double minCosine, Filter filter) {
        terms(query); // the bounds of a query, as search has them
        try (TenantEntityManager.ReadBlock reads = db.readWithoutTransaction()) {
            facts.readAroundPendingAccesses();
            Instant now = Timestamps.now(clock);
            List<String> ids = semantic.scores(scope, query)
                    .map(scores -> scores.top(k + EXPIRED_MARGIN).stream()
                            .filter(hit -> hit.cosine() >= minCosine)
                            .map(VectorIndex.Hit::factId)
                            .toList())
                    .orElse(List.of());
            Map<String, Fact> byId = new HashMap<>();
            live(scope, ids, filter, now).forEach(fact -> byId.put(fact.id(), fact));
            return ids.stream()
                    .filter(byId::containsKey)
                    .map(byId::get)
                    .limit(k)
                    .toList();
        }
    }

    /** The best {@code limit} facts for the query, in hybrid mode; each returned fact is reinforced. */
    public Answer recall(Scope scope, String query, int limit, Filter filter) {
        return recall(scope, query, limit, filter, RecallMode.HYBRID);
    }

    public Answer recall(Scope scope, String query, int limit, Filter filter, RecallMode asked) {
        return recall(List.of(scope), query, limit, filter, asked, 0);
    }

    /**
     * The best {@code limit} facts of all the scopes by relevance (BM25, meaning, or both fused), importance and
     * retention, ranked together on one scale, those scoring below {@code minScore} left out; each returned fact
     * is reinforced. Candidates come from both sides, so a fact that shares no word with the query can be
     * recalled by its meaning.
     */
    public Answer recall(
            List<Scope> scopes, String query, int limit, Filter filter, RecallMode asked, double minScore) {
        terms(query); // the bounds of a query, as search has them
        Set<String> terms = TextAnalyzer.questionTerms(query);
        try (TenantEntityManager.ReadBlock reads = db.readWithoutTransaction()) {
            facts.readAroundPendingAccesses();
            Instant now = Timestamps.now(clock);
            int candidates = Math.max(limit * CANDIDATE_FACTOR, MIN_CANDIDATES);
            int depth = filter.isNone() ? candidates + EXPIRED_MARGIN : FILTERED_DEPTH;
            Map<String, Double> bm25 = new LinkedHashMap<>();
            Map<String, Float> cosines = new HashMap<>();
            List<Fact> live = new ArrayList<>();
            double bound = 0;
            boolean meaningAnywhere = false; // a scope without vectors (empty, say) leaves its facts' meaning unknown
            for (Scope scope : scopes) {
                Optional<VectorIndex.Scores> meaning =
                        asked == RecallMode.KEYWORD ? Optional.empty() : semantic.scores(scope, query);
                meaningAnywhere |= meaning.isPresent();
                Set<String> ids = new LinkedHashSet<>();
                if (asked != RecallMode.SEMANTIC || meaning.isEmpty()) {
                    KeywordRanker.Ranking keyword = ranker.ranking(scope.value(), terms, depth);
                    keyword.hits().forEach(hit -> bm25.put(hit.factId(), hit.score()));
                    keyword.hits().forEach(hit -> ids.add(hit.factId()));
                    bound = Math.max(bound, keyword.bound());
                }
                meaning.ifPresent(scores -> scores.top(depth).stream()
                        .filter(hit -> hit.cosine() >= SemanticSearch.MIN_COSINE)
                        .forEach(hit -> ids.add(hit.factId())));
                List<Fact> found = live(scope, List.copyOf(ids), filter, now);
                meaning.ifPresent(scores -> found.forEach(fact -> cosines.put(fact.id(), scores.cosine(fact.id()))));
                live.addAll(found);
            }
            RecallMode mode = meaningAnywhere ? asked : RecallMode.KEYWORD;
            List<Recalled> ranked = HybridRanking.rank(
                            mode,
                            AnswerKind.of(query),
                            live,
                            bm25,
                            bound,
                            mode == RecallMode.KEYWORD ? null : id -> cosines.getOrDefault(id, Float.NaN),
                            now)
                    .stream()
                    .filter(recalled -> reaches(recalled.score(), minScore))
                    .limit(limit)
                    .toList();
            if (scopes.size() > 1) {
                ranked = newestFirstAcrossScopes(ranked);
            }
            facts.recordAccess(ranked.stream().map(Recalled::fact).toList(), now);
            return new Answer(mode, ranked);
        }
    }

    /**
     * Supersession stays within a scope, so two scopes can hold two values of one thing ("Prefers tea" in the
     * agent's scope, "Prefers coffee now" in the user's): of two such facts the newer ranks first. The facts move,
     * the scores stay in place, so the answer is still best first.
     */
    static List<Recalled> newestFirstAcrossScopes(List<Recalled> ranked) {
        List<Recalled> ordered = new ArrayList<>(ranked);
        for (int j = 1; j < ordered.size(); j++) {
            for (int i = 0; i < j; i++) {
                Fact earlier = ordered.get(i).fact();
                Fact later = ordered.get(j).fact();
                if (!earlier.scopeName().equals(later.scopeName())
                        && later.validity()
                                .validFrom()
                                .isAfter(earlier.validity().validFrom())
                        && FactFrames.shareAFrame(earlier.content(), later.content())) {
                    ordered.add(i, ordered.remove(j));
                    break;
                }
            }
        }
        List<Recalled> rescored = new ArrayList<>(ordered.size());
        for (int i = 0; i < ordered.size(); i++) {
            Recalled moved = ordered.get(i);
            rescored.add(new Recalled(moved.fact(), ranked.get(i).score(), moved.signals()));
        }
        return rescored;
    }

    /**
     * Whether a score passes {@code min_score} as the caller sees it: scores are answered to six decimals, so a
     * threshold equal to a score the caller read (0.9 for 0.8999999999999999) keeps that fact.
     */
    static boolean reaches(double score, double minScore) {
        return score >= minScore - 5e-7;
    }

    /**
     * Recall of memory as it was at {@code at}: the facts of then, each as its version of then, ranked by BM25
     * over their texts of then (the index and the vectors hold today's texts), importance and retention then.
     * Nothing is reinforced: reading the past is no use of today's memory.
     */
    public Answer recallAsOf(Scope scope, String query, int limit, Filter filter, Instant at) {
        return recallAsOf(List.of(scope), query, limit, filter, at, 0);
    }

    /** {@link #recallAsOf(Scope, String, int, Filter, Instant)} over the facts of several scopes as one corpus. */
    public Answer recallAsOf(List<Scope> scopes, String query, int limit, Filter filter, Instant at, double minScore) {
        List<Fact> ranked = new ArrayList<>();
        scopes.forEach(scope -> ranked.addAll(pastFacts(scope, filter, at)));
        Map<String, Double> bm25 = PastBm25.scores(terms(query), ranked);
        List<Fact> matching =
                ranked.stream().filter(fact -> bm25.containsKey(fact.id())).toList();
        return new Answer(
                RecallMode.KEYWORD,
                HybridRanking.rank(RecallMode.KEYWORD, AnswerKind.of(query), matching, bm25, 0, null, at).stream()
                        .filter(recalled -> reaches(recalled.score(), minScore))
                        .limit(limit)
                        .toList());
    }

    /** Search of memory as it was at {@code at}: BM25 alone over the facts of then. */
    public List<Fact> searchAsOf(Scope scope, String query, int topK, Filter filter, Instant at) {
        List<Fact> facts = pastFacts(scope, filter, at);
        Map<String, Double> bm25 = PastBm25.scores(terms(query), facts);
        return facts.stream()
                .filter(fact -> bm25.containsKey(fact.id()))
                .sorted(Comparator.comparingDouble((Fact fact) -> bm25.get(fact.id()))
                        .reversed()
                        .thenComparing(Fact::id))
                .limit(topK)
                .toList();
    }

    private List<Fact> pastFacts(Scope scope, Filter filter, Instant at) {
        try (TenantEntityManager.ReadBlock reads = db.readWithoutTransaction()) {
            return past.asOf(scope, at).stream()
                    .filter(fact -> filter.accepts(fact, at))
                    .toList();
        }
    }

    private record Scored(Fact fact, double relevance) {}

    /** The first {@code wanted} hits, in rank order, that are live facts passing the filter. */
    private List<Scored> live(Scope scope, List<Bm25TopK.Hit> hits, Filter filter, int wanted, Instant now) {
        List<Scored> found = new ArrayList<>();
        int batch = Math.max(wanted, 16);
        for (int from = 0; from < hits.size() && found.size() < wanted; from += batch) {
            List<Bm25TopK.Hit> slice = hits.subList(from, Math.min(hits.size(), from + batch));
            Map<String, Fact> byId = new HashMap<>();
            facts.liveAmong(scope, slice.stream().map(Bm25TopK.Hit::factId).toList(), now)
                    .forEach(fact -> byId.put(fact.id(), fact));
            for (Bm25TopK.Hit hit : slice) {
                Fact fact = byId.get(hit.factId());
                if (fact != null && filter.accepts(fact, now) && found.size() < wanted) {
                    found.add(new Scored(fact, hit.score()));
                }
            }
        }
        return found;
    }

    /** The candidates that are live facts passing the filter (a deleted or expired fact is never among them). */
    private List<Fact> live(Scope scope, List<String> ids, Filter filter, Instant now) {
        return facts.liveAmong(scope, ids, now).stream()
                .filter(fact -> filter.accepts(fact, now))
                .toList();
    }

    /**
     * The query's distinct terms. Each term is a read of the index, so a query holds at most
     * {@link #MAX_QUERY_CHARACTERS} characters and {@link #MAX_QUERY_TERMS} distinct terms after analysis.
     */
    static Set<String> terms(String query) {
        if (query.length() > MAX_QUERY_CHARACTERS) {
            throw DomainException.invalid("q", "must be at most " + MAX_QUERY_CHARACTERS + " characters");
        }
        Set<String> terms = TextAnalyzer.termFrequencies(query).keySet();
        if (terms.size() > MAX_QUERY_TERMS) {
            throw DomainException.invalid(
                    "q",
                    "must hold at most " + MAX_QUERY_TERMS + " distinct words (stop words aside); it holds "
                            + terms.size());
        }
        return terms;
    }

    /** Recall's ranking (RecallRanking) of facts: each fact's signals in, the facts with score and signals out. */
    static final class HybridRanking {
        private HybridRanking() {}

        /** Where a fact may hold the kind of answer a question asks for: its title and content, not its key. */
        private static String said(Fact fact) {
            return fact.title() == null ? fact.content() : fact.title() + ". " + fact.content();
        }

        static List<Recalled> rank(
                RecallMode mode,
                AnswerKind kind,
                List<Fact> candidates,
                Map<String, Double> bm25,
                double keywordBound,
                java.util.function.Function<String, Float> cosineOf,
                Instant now) {
            Map<String, Fact> byId = new HashMap<>();
            List<RecallRanking.Candidate> signals = new ArrayList<>(candidates.size());
            for (Fact fact : candidates) {
                byId.put(fact.id(), fact);
                signals.add(new RecallRanking.Candidate(
                        fact.id(),
                        bm25.getOrDefault(fact.id(), 0.0),
                        cosineOf == null ? Float.NaN : cosineOf.apply(fact.id()),
                        fact.importance(),
                        fact.retention(now),
                        kind != null && kind.heldBy(said(fact))));
            }
            List<Recalled> ranked = new ArrayList<>(candidates.size());
            Map<String, Double> retention = new HashMap<>();
            signals.forEach(signal -> retention.put(signal.id(), signal.retention()));
            for (RecallRanking.Ranked one : RecallRanking.rank(mode, signals, keywordBound)) {
                Fact fact = byId.get(one.id());
                ranked.add(new Recalled(
                        fact,
                        one.score(),
                        new Signals(one.keyword(), one.semantic(), fact.importance(), retention.get(one.id()))));
            }
            return ranked;
        }
    }
}
