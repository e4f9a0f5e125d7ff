package bench;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import dev.memoria.embedding.entity.Vectors;
import dev.memoria.fact.control.WordSet;
import dev.memoria.recall.control.AnswerKind;
import dev.memoria.recall.control.Bm25;
import dev.memoria.recall.control.RecallMode;
import dev.memoria.recall.control.RecallRanking;
import dev.memoria.text.control.TextAnalyzer;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * Recall quality on long conversations (bench.ConversationDevSet) and on the paraphrase questions of the older dev
 * set: keyword, semantic and hybrid recall, hit@1/5/10 per question kind, on the tuning and the reporting half.
 * Ranks the way the product does: the question's terms and BM25 by the product's TextAnalyzer and Bm25 (exact, as
 * KeywordRanker's answers are for the facts on top), the product's quantized vectors and cosine, the product's
 * candidate depths and MIN_COSINE, and its ranking (RecallRanking, importance 0.5 and retention 1 for every fact,
 * as for facts just written). Other fusions are measured beside it, to choose by.
 *
 * <p>Run: {@code ./mvnw -q test-compile exec:java -Dexec.mainClass=bench.ConversationRecallBench
 * -Dexec.classpathScope=test [-Dexec.args="minilm|bge [explore|misses|chats]"]}: "chats" ranks the hand-written
 * conversations ({@link ChatsDevSet}) instead of the synthetic set. Deterministic; vectors are cached in
 * target/bench-vectors.
 */
public final class ConversationRecallBench {

    static final int LIMIT = 10;
    /** RecallService's candidate depth for an unfiltered recall of LIMIT facts. */
    static final int DEPTH = Math.max(LIMIT * 3, 20) + 32;

    static final float MIN_COSINE = 0.1f;
    static final double DEDUPE_THRESHOLD = 0.7;

    /** One scope: its facts' ids, indexed terms and quantized vectors. */
    static final class Scope {
        final List<String> ids = new ArrayList<>();
        final List<Map<String, Integer>> tfs = new ArrayList<>();
        final List<byte[]> vectors = new ArrayList<>();
        final Map<String, Integer> df = new HashMap<>();
        final List<WordSet> words = new ArrayList<>();
        final List<Double> importance = new ArrayList<>();
        /** What each fact says, where recall looks for the kind of answer a question asks. */
        final List<String> said = new ArrayList<>();
        /** A turn the product's dedup folded into an earlier fact: its id, the fact's id. */
        final Map<String, String> alias = new HashMap<>();

        int[] lengths;
        double averageLength;
        /** A fact's place in the scope, in the order its turns were said. */
        final Map<String, Integer> position = new HashMap<>();

        /**
         * Remembers a turn as POST /facts does: a content whose word set has a Jaccard similarity of at least 0.7
         * with a fact's reinforces that fact (importance + 0.05) instead of adding one.
         */
        void add(String id, String content, float[] vector) {
            WordSet set = WordSet.of(content);
            for (int i = 0; i < words.size(); i++) {
                if (words.get(i).jaccard(set) >= DEDUPE_THRESHOLD) {
                    alias.put(id, ids.get(i));
                    importance.set(i, Math.min(1, importance.get(i) + 0.05));
                    return;
                }
            }
            words.add(set);
            importance.add(0.5);
            ids.add(id);
            said.add(content);
            tfs.add(TextAnalyzer.termFrequencies(content + "\n" + "general"));
            vectors.add(Vectors.quantized(Vectors.normalized(vector)));
        }

        void seal() {
            for (int i = 0; i < ids.size(); i++) {
                position.put(ids.get(i), i);
            }
            lengths = new int[ids.size()];
            long total = 0;
            for (int i = 0; i < ids.size(); i++) {
                lengths[i] =
                        tfs.get(i).values().stream().mapToInt(Integer::intValue).sum();
                total += lengths[i];
                tfs.get(i).keySet().forEach(t -> df.merge(t, 1, Integer::sum));
            }
            averageLength = Math.max(1.0, (double) total / ids.size());
        }

        /** The fact said just before ({@code step} -1) or after (+1) this one in the same session, if any. */
        String neighbour(String id, int step) {
            Integer at = position.get(id);
            int i = at == null ? -1 : at + step;
            if (i < 0 || i >= ids.size()) {
                return null;
            }
            String other = ids.get(i);
            int colon = id.indexOf(':');
            return colon > 0 && other.startsWith(id.substring(0, colon + 1)) ? other : null;
        }

        double[] bm25(Set<String> terms) {
            double[] s = new double[ids.size()];
            for (String term : terms.stream().sorted().toList()) {
                Integer d = df.get(term);
                if (d == null) {
                    continue;
                }
                double idf = Bm25.idf(ids.size(), d);
                for (int i = 0; i < s.length; i++) {
                    Integer tf = tfs.get(i).get(term);
                    if (tf != null) {
                        s[i] += Bm25.termScore(idf, tf, lengths[i], averageLength);
                    }
                }
            }
            return s;
        }

        float[] cosines(float[] query) {
            byte[] q = Vectors.quantized(Vectors.normalized(query));
            float[] c = new float[ids.size()];
            for (int i = 0; i < c.length; i++) {
                c[i] = Vectors.cosine(q, vectors.get(i), 0);
            }
            return c;
        }
    }

    /** A question asked of one scope, with its evidence. */
    record Asked(String half, String kind, String text, Scope scope, Set<String> evidence) {}

    /** What one question gives a ranker: the product's candidates with their raw signals. */
    record Candidates(Asked asked, List<RecallRanking.Candidate> list, double bound) {}

    /** A way of ranking the candidates: returns fact ids, best first. */
    interface Ranker extends Function<Candidates, List<String>> {}

    static Candidates candidates(Asked asked, float[] query, boolean keyword, boolean semantic) {
        Scope scope = asked.scope();
        Set<String> terms = TextAnalyzer.questionTerms(asked.text());
        double[] bm25 = scope.bm25(terms);
        double bound = 0;
        for (String term : terms) {
            bound += Bm25.idf(scope.ids.size(), scope.df.getOrDefault(term, 0));
        }
        float[] cos = scope.cosines(query);
        Set<Integer> ids = new LinkedHashSet<>();
        if (keyword) {
            top(bm25.length, i -> bm25[i], DEPTH).stream()
                    .filter(i -> bm25[i] > 0)
                    .forEach(ids::add);
        }
        if (semantic) {
            top(cos.length, i -> (double) cos[i], DEPTH).stream()
                    .filter(i -> cos[i] >= MIN_COSINE)
                    .forEach(ids::add);
        }
        List<RecallRanking.Candidate> list = new ArrayList<>();
        AnswerKind kind = AnswerKind.of(asked.text());
        for (int i : ids) {
            list.add(new RecallRanking.Candidate(
                    scope.ids.get(i),
                    keyword ? bm25[i] : 0,
                    semantic ? cos[i] : Float.NaN,
                    scope.importance.get(i),
                    1.0,
                    kind != null && kind.heldBy(scope.said.get(i))));
        }
        return new Candidates(asked, list, bound);
    }

    static List<Integer> top(int n, Function<Integer, Double> score, int k) {
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            all.add(i);
        }
        all.sort(Comparator.comparing((Integer i) -> -score.apply(i)).thenComparing(i -> i));
        return all.subList(0, Math.min(k, n));
    }

    // ---- rankers --------------------------------------------------------------------------------------------

    static Ranker product(RecallMode mode) {
        return c -> RecallRanking.rank(mode, c.list(), c.bound()).stream()
                .map(RecallRanking.Ranked::id)
                .toList();
    }

    /**
     * Conversation-aware, budget-matched: the product's top {@code top} facts, each followed by the turn said
     * right after it in its session (the answer to a question, the detail after an event), then the rest of the
     * product's order; still {@code LIMIT} facts.
     */
    static Ranker withNextTurns(int top) {
        return c -> {
            List<String> ranked = product(RecallMode.HYBRID).apply(c);
            LinkedHashSet<String> out = new LinkedHashSet<>();
            for (String id : ranked.subList(0, Math.min(top, ranked.size()))) {
                out.add(id);
                String next = c.asked().scope().neighbour(id, 1);
                if (next != null) {
                    out.add(next);
                }
            }
            out.addAll(ranked);
            return List.copyOf(out);
        };
    }

    /**
     * Conversation-aware smoothing: each fact's product score plus {@code beta} times its neighbours' in the
     * session; a neighbour the candidates did not hold comes in with that share alone.
     */
    static Ranker smoothedByNeighbours(double beta) {
        return c -> {
            Map<String, Double> score = new LinkedHashMap<>();
            RecallRanking.rank(RecallMode.HYBRID, c.list(), c.bound()).forEach(r -> score.put(r.id(), r.score()));
            Scope scope = c.asked().scope();
            Map<String, Double> smoothed = new HashMap<>();
            for (String id : score.keySet()) {
                for (String at : new String[] {id, scope.neighbour(id, -1), scope.neighbour(id, 1)}) {
                    if (at != null && !smoothed.containsKey(at)) {
                        double around = 0;
                        for (int step : new int[] {-1, 1}) {
                            String n = scope.neighbour(at, step);
                            around += n == null ? 0 : score.getOrDefault(n, 0.0);
                        }
                        smoothed.put(at, score.getOrDefault(at, 0.0) + beta * around);
                    }
                }
            }
            return smoothed.entrySet().stream()
                    .sorted(Map.Entry.<String, Double>comparingByValue()
                            .reversed()
                            .thenComparing(Map.Entry.comparingByKey()))
                    .map(Map.Entry::getKey)
                    .toList();
        };
    }

    /** Any fused relevance, brought to [0, 1] over the candidates and weighed as the product weighs it with importance. */
    static Ranker byRelevance(Function<List<RecallRanking.Candidate>, double[]> relevance) {
        return byRelevanceAndBound((c, bound) -> relevance.apply(c));
    }

    static Ranker byRelevanceAndBound(
            java.util.function.BiFunction<List<RecallRanking.Candidate>, Double, double[]> relevance) {
        return c -> {
            double[] fused = relevance.apply(c.list(), c.bound());
            double low = java.util.Arrays.stream(fused).min().orElse(0);
            double high = java.util.Arrays.stream(fused).max().orElse(0);
            double[] r = new double[fused.length];
            for (int i = 0; i < r.length; i++) { // as RecallRanking weighs them; retention is 1 for all here
                double share = high - low > 1e-12 ? (fused[i] - low) / (high - low) : 1;
                r[i] = 0.6 * share + 0.2 * c.list().get(i).importance();
            }
            List<Integer> order = top(r.length, i -> r[i], r.length);
            return order.stream().map(i -> c.list().get(i).id()).toList();
        };
    }

    /** Before this work: 0.3 × BM25 / best + 0.7 × min-max cosine. */
    static double[] minMax(List<RecallRanking.Candidate> c, double w) {
        double best = 0;
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (var x : c) {
            best = Math.max(best, x.bm25());
            if (!Float.isNaN(x.cosine())) {
                low = Math.min(low, x.cosine());
                high = Math.max(high, x.cosine());
            }
        }
        double[] r = new double[c.size()];
        for (int i = 0; i < r.length; i++) {
            var x = c.get(i);
            double k = best > 0 ? x.bm25() / best : 0;
            double s = Float.isNaN(x.cosine()) ? 0 : high - low > 1e-6 ? (x.cosine() - low) / (high - low) : 1;
            r[i] = w * k + (1 - w) * s;
        }
        return r;
    }

    /** Reciprocal-rank fusion with weights: w / (k + keyword rank) + (1 - w) / (k + semantic rank). */
    static double[] rrf(List<RecallRanking.Candidate> c, double w, int k) {
        int n = c.size();
        List<Integer> byK = top(n, i -> c.get(i).bm25(), n);
        List<Integer> byS =
                top(n, i -> Float.isNaN(c.get(i).cosine()) ? -9.0 : c.get(i).cosine(), n);
        double[] r = new double[n];
        for (int rank = 0; rank < n; rank++) {
            int i = byK.get(rank);
            if (c.get(i).bm25() > 0) {
                r[i] += w / (k + rank + 1);
            }
            int j = byS.get(rank);
            if (!Float.isNaN(c.get(j).cosine())) {
                r[j] += (1 - w) / (k + rank + 1);
            }
        }
        return r;
    }

    /** z-scores over the candidates (a flat column is zero), weighted. */
    static double[] zScore(List<RecallRanking.Candidate> c, double w) {
        double[] k = c.stream().mapToDouble(RecallRanking.Candidate::bm25).toArray();
        double[] s = c.stream()
                .mapToDouble(x -> Float.isNaN(x.cosine()) ? 0 : x.cosine())
                .toArray();
        double[] zk = z(k);
        double[] zs = z(s);
        double[] r = new double[c.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = w * zk[i] + (1 - w) * zs[i];
        }
        return r;
    }

    static double[] z(double[] v) {
        double mean = 0;
        for (double x : v) {
            mean += x;
        }
        mean /= Math.max(1, v.length);
        double var = 0;
        for (double x : v) {
            var += (x - mean) * (x - mean);
        }
        double sd = Math.sqrt(var / Math.max(1, v.length));
        double[] out = new double[v.length];
        if (sd < 1e-9) {
            return out;
        }
        for (int i = 0; i < v.length; i++) {
            out[i] = (v[i] - mean) / sd;
        }
        return out;
    }

    /** BM25 by the best score, cosine raw above a floor: w * k + (1 - w) * (cos - floor) / (1 - floor). */
    static double[] rawCosine(List<RecallRanking.Candidate> c, double w, double floor) {
        double best =
                c.stream().mapToDouble(RecallRanking.Candidate::bm25).max().orElse(0);
        double[] r = new double[c.size()];
        for (int i = 0; i < r.length; i++) {
            var x = c.get(i);
            double k = best > 0 ? x.bm25() / best : 0;
            double s = Float.isNaN(x.cosine()) ? 0 : Math.max(0, (x.cosine() - floor) / (1 - floor));
            r[i] = w * k + (1 - w) * s;
        }
        return r;
    }

    /** BM25 against the query's own bound (sum of its terms' idf), capped at 1; cosine min-max. */
    static double[] bounded(List<RecallRanking.Candidate> c, double bound, double w) {
        double[] s = minMax(c, 0.0);
        double[] r = new double[c.size()];
        for (int i = 0; i < r.length; i++) {
            double k = bound > 0 ? Math.min(1, c.get(i).bm25() / bound) : 0;
            r[i] = w * k + (1 - w) * s[i];
        }
        return r;
    }

    /**
     * Keyword weight by the keyword side's confidence: the best BM25 against the query's bound. A query no fact
     * matches well (a paraphrase, a stray shared word) is ranked by meaning; one a fact matches fully by both.
     */
    static double[] adaptive(List<RecallRanking.Candidate> c, double bound, double low, double high) {
        double best =
                c.stream().mapToDouble(RecallRanking.Candidate::bm25).max().orElse(0);
        double confidence = bound > 0 ? Math.min(1, best / bound) : 0;
        double w = low + (high - low) * confidence;
        return minMax(c, w);
    }

    /** z-scores, the keyword side's weight scaled by its confidence (best BM25 against the query's bound). */
    static double[] zConfident(List<RecallRanking.Candidate> c, double bound, double w, double scale) {
        double best =
                c.stream().mapToDouble(RecallRanking.Candidate::bm25).max().orElse(0);
        double confidence = bound > 0 ? Math.min(1, scale * best / bound) : 0;
        double[] k = z(c.stream().mapToDouble(RecallRanking.Candidate::bm25).toArray());
        double[] s = z(c.stream()
                .mapToDouble(x -> Float.isNaN(x.cosine()) ? 0 : x.cosine())
                .toArray());
        double[] r = new double[c.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = w * confidence * k[i] + (1 - w) * s[i];
        }
        return r;
    }

    /** Weighted RRF, the keyword side's weight scaled by its confidence. */
    static double[] rrfConfident(List<RecallRanking.Candidate> c, double bound, double w, int k, double scale) {
        double best =
                c.stream().mapToDouble(RecallRanking.Candidate::bm25).max().orElse(0);
        double confidence = bound > 0 ? Math.min(1, scale * best / bound) : 0;
        double wk = w * confidence;
        return rrf(c, wk / (wk + (1 - w)), k);
    }

    // ---- tallies --------------------------------------------------------------------------------------------

    /**
     * What {@code min_score} does to a conversation's recall: per half and mode, the precision and recall of the
     * evidence turns among the first 5 facts scoring at least each threshold (the profile bench's measure).
     */
    static String minScores(List<Asked> questions, Map<String, float[]> cache) {
        double[] thresholds = ProfileRecallBench.THRESHOLDS;
        StringBuilder out = new StringBuilder("\nmin_score: precision, recall of the evidence turns among the first 5"
                + " facts at or above it\n\n| half | mode | ");
        for (double t : thresholds) {
            out.append(String.format(Locale.ROOT, "%.2f | ", t));
        }
        out.append("\n|---|---|").append("---|".repeat(thresholds.length)).append("\n");
        for (String half : List.of("tune", "report")) {
            for (RecallMode mode : RecallMode.values()) {
                int[] returned = new int[thresholds.length];
                int[] expectedReturned = new int[thresholds.length];
                int expected = 0;
                for (Asked q : questions) {
                    if (!q.half().equals(half)) {
                        continue;
                    }
                    expected += q.evidence().size();
                    Candidates c =
                            candidates(q, cache.get(q.text()), mode != RecallMode.SEMANTIC, mode != RecallMode.KEYWORD);
                    List<RecallRanking.Ranked> ranked = RecallRanking.rank(mode, c.list(), c.bound()).stream()
                            .limit(5)
                            .toList();
                    for (int t = 0; t < thresholds.length; t++) {
                        for (RecallRanking.Ranked r : ranked) {
                            if (r.score() >= thresholds[t]) {
                                returned[t]++;
                                expectedReturned[t] += q.evidence().contains(r.id()) ? 1 : 0;
                            }
                        }
                    }
                }
                out.append("| ").append(half).append(" | ").append(mode).append(" | ");
                for (int t = 0; t < thresholds.length; t++) {
                    out.append(String.format(
                            Locale.ROOT,
                            "%.2f, %.2f | ",
                            returned[t] == 0 ? 0 : expectedReturned[t] / (double) returned[t],
                            expectedReturned[t] / (double) expected));
                }
                out.append("\n");
            }
        }
        return out.toString();
    }

    static final class Tally {
        int n;
        int h1;
        int h3;
        int h5;
        int h10;

        void add(List<String> ranked, Set<String> evidence) {
            n++;
            for (int r = 0; r < Math.min(LIMIT, ranked.size()); r++) {
                if (evidence.contains(ranked.get(r))) {
                    h1 += r < 1 ? 1 : 0;
                    h3 += r < 3 ? 1 : 0;
                    h5 += r < 5 ? 1 : 0;
                    h10++;
                    return;
                }
            }
        }

        String cells() {
            return String.format(Locale.ROOT, "%.3f | %.3f | %.3f", h1 / (double) n, h5 / (double) n, h10 / (double) n);
        }
    }

    // ---- the run --------------------------------------------------------------------------------------------

    public static void main(String[] args) throws Exception {
        String modelName = args.length > 0 && args[0].startsWith("bge") ? "bge-small-en-v1.5-q" : "all-minilm-l6-v2-q";
        boolean explore = args.length > 1 && args[1].equals("explore");
        boolean chats = java.util.Arrays.asList(args).contains("chats");
        ExecutorService executor = Executors.newFixedThreadPool(2);
        EmbeddingModel model = modelName.startsWith("bge")
                ? new BgeSmallEnV15QuantizedEmbeddingModel(executor)
                : new AllMiniLmL6V2QuantizedEmbeddingModel(executor);
        Map<String, float[]> cache = readCache(modelName);

        List<Asked> questions = new ArrayList<>();
        Map<String, Scope> scopes = new TreeMap<>();
        List<ConversationDevSet.Turn> turns = chats ? ChatsDevSet.turns() : ConversationDevSet.readTurns();
        embed(model, cache, turns.stream().map(ConversationDevSet.Turn::fact).toList());
        for (ConversationDevSet.Turn turn : turns) {
            scopes.computeIfAbsent(turn.conversation(), k -> new Scope())
                    .add(turn.id(), turn.fact(), cache.get(turn.fact()));
        }
        scopes.values().forEach(Scope::seal);
        for (ConversationDevSet.Question q : chats ? ChatsDevSet.questions() : ConversationDevSet.readQuestions()) {
            boolean tuning = chats ? ChatsDevSet.tuning(q.conversation()) : q.tuning();
            questions.add(new Asked(
                    tuning ? "tune" : "report",
                    q.kind(),
                    q.text(),
                    scopes.get(q.conversation()),
                    q.evidence().stream()
                            .map(e -> scopes.get(q.conversation()).alias.getOrDefault(e, e))
                            .collect(java.util.stream.Collectors.toCollection(LinkedHashSet::new))));
        }
        // the paraphrase questions of the older dev set: one scope of 119 facts, no content word shared
        Scope facts = new Scope();
        List<String[]> factRows = RecallQualityBench.rows("facts.tsv");
        embed(model, cache, factRows.stream().map(r -> r[1]).toList());
        factRows.forEach(r -> facts.add(r[0], r[1], cache.get(r[1])));
        facts.seal();
        for (String[] r : RecallQualityBench.rows("paraphrase.tsv")) {
            questions.add(new Asked("paraphrase", "paraphrase", r[0], facts, Set.of(r[1].split(","))));
        }
        embed(model, cache, questions.stream().map(Asked::text).toList());
        writeCache(modelName, cache);
        executor.shutdownNow();

        Map<String, Ranker> rankers = new LinkedHashMap<>();
        rankers.put("keyword", product(RecallMode.KEYWORD));
        rankers.put("semantic", product(RecallMode.SEMANTIC));
        rankers.put("hybrid before (0.3 BM25 + 0.7 cosine, min-max)", byRelevance(c -> minMax(c, 0.3)));
        rankers.put("hybrid (product)", product(RecallMode.HYBRID));
        if (explore) {
            for (double w : new double[] {0.5, 0.6, 0.7, 0.8}) {
                rankers.put(String.format(Locale.ROOT, "min-max w=%.1f", w), byRelevance(c -> minMax(c, w)));
            }
            for (int k : new int[] {5, 20, 60}) {
                for (double w : new double[] {0.5, 0.6, 0.7, 0.8}) {
                    rankers.put(String.format(Locale.ROOT, "RRF k=%d w=%.1f", k, w), byRelevance(c -> rrf(c, w, k)));
                }
            }
            for (double w : new double[] {0.4, 0.5, 0.6, 0.7, 0.8}) {
                rankers.put(String.format(Locale.ROOT, "z-score w=%.1f", w), byRelevance(c -> zScore(c, w)));
            }
            for (double w : new double[] {0.3, 0.4, 0.5, 0.6, 0.7}) {
                rankers.put(
                        String.format(Locale.ROOT, "bounded w=%.1f", w),
                        byRelevanceAndBound((c, b) -> bounded(c, b, w)));
            }
            for (double lo : new double[] {0.0, 0.2}) {
                for (double hi : new double[] {0.6, 0.8, 1.0}) {
                    rankers.put(
                            String.format(Locale.ROOT, "adaptive %.1f..%.1f", lo, hi),
                            byRelevanceAndBound((c, b) -> adaptive(c, b, lo, hi)));
                }
            }
            for (double scale : new double[] {1.0, 2.0}) {
                for (double w : new double[] {0.5, 0.6, 0.7, 0.8}) {
                    rankers.put(
                            String.format(Locale.ROOT, "z-score confident w=%.1f scale=%.0f", w, scale),
                            byRelevanceAndBound((c, b) -> zConfident(c, b, w, scale)));
                }
                for (int k : new int[] {5, 10}) {
                    for (double w : new double[] {0.5, 0.6, 0.7}) {
                        rankers.put(
                                String.format(Locale.ROOT, "RRF confident k=%d w=%.1f scale=%.0f", k, w, scale),
                                byRelevanceAndBound((c, b) -> rrfConfident(c, b, w, k, scale)));
                    }
                }
            }
            for (int top : new int[] {3, 5}) {
                rankers.put("hybrid, top " + top + " each with its next turn", withNextTurns(top));
            }
            for (double beta : new double[] {0.1, 0.2, 0.3}) {
                rankers.put(
                        String.format(Locale.ROOT, "hybrid smoothed by neighbours beta=%.1f", beta),
                        smoothedByNeighbours(beta));
            }
            for (double floor : new double[] {0.0, 0.2, 0.3}) {
                for (double w : new double[] {0.3, 0.5, 0.7}) {
                    rankers.put(
                            String.format(Locale.ROOT, "raw cosine floor=%.1f w=%.1f", floor, w),
                            byRelevance(c -> rawCosine(c, w, floor)));
                }
            }
        }

        if (args.length > 1 && args[1].equals("misses")) { // tuning half only: what hybrid loses that one side finds
            Map<String, String> text = new HashMap<>();
            turns.forEach(t -> text.put(t.conversation() + t.id(), t.fact()));
            Map<Scope, String> names = new HashMap<>();
            scopes.forEach((name, scope) -> names.put(scope, name));
            for (Asked q : questions) {
                if (!q.half().equals("tune")) {
                    continue;
                }
                float[] vector = cache.get(q.text());
                List<String> h = rankers.get("hybrid (product)").apply(candidates(q, vector, true, true));
                List<String> k = rankers.get("keyword").apply(candidates(q, vector, true, false));
                boolean hh = h.stream().limit(5).anyMatch(q.evidence()::contains);
                boolean kh = k.stream().limit(5).anyMatch(q.evidence()::contains);
                if (!hh && kh) {
                    String conv = names.get(q.scope());
                    System.out.println("\nQ [" + q.kind() + "] " + q.text() + "  evidence " + q.evidence());
                    q.evidence().forEach(e -> System.out.println("   E " + text.get(conv + e)));
                    h.stream().limit(5).forEach(id -> System.out.println("   H " + id + " " + text.get(conv + id)));
                    k.stream().limit(3).forEach(id -> System.out.println("   K " + id + " " + text.get(conv + id)));
                }
            }
            return;
        }
        // tallies: ranker -> half -> kind -> tally
        Map<String, Map<String, Map<String, Tally>>> tallies = new LinkedHashMap<>();
        for (Asked q : questions) {
            float[] vector = cache.get(q.text());
            Candidates keywordOnly = candidates(q, vector, true, false);
            Candidates semanticOnly = candidates(q, vector, false, true);
            Candidates both = candidates(q, vector, true, true);
            for (var ranker : rankers.entrySet()) {
                Candidates c = ranker.getKey().equals("keyword")
                        ? keywordOnly
                        : ranker.getKey().equals("semantic") ? semanticOnly : both;
                List<String> ranked = ranker.getValue().apply(c);
                Map<String, Tally> byKind = tallies.computeIfAbsent(ranker.getKey(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(q.half(), k -> new TreeMap<>());
                byKind.computeIfAbsent(q.kind(), k -> new Tally()).add(ranked, q.evidence());
                byKind.computeIfAbsent("all", k -> new Tally()).add(ranked, q.evidence());
            }
        }
        StringBuilder out = new StringBuilder("Model " + modelName + "; " + turns.size() + " turns in " + scopes.size()
                + " conversations ("
                + scopes.values().stream().mapToInt(sc -> sc.ids.size()).sum()
                + " facts after dedup), " + questions.size() + " questions\n");
        if (explore) {
            out.append(
                    "\n| fusion | tune hit@1 / @5 / @10 | report hit@1 / @5 / @10 | paraphrase hit@1 / hit@3 / hit@5 |\n|---|---|---|---|\n");
            tallies.forEach((name, halves) -> {
                Tally p = halves.get("paraphrase").get("all");
                out.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %s | %d / %d / %d of %d |%n",
                        name,
                        halves.get("tune").get("all").cells().replace(" | ", " / "),
                        halves.get("report").get("all").cells().replace(" | ", " / "),
                        p.h1,
                        p.h3,
                        p.h5,
                        p.n));
            });
        }
        for (String half : List.of("tune", "report")) {
            out.append("\n")
                    .append(half)
                    .append(
                            " half: hit@1 | hit@5 | hit@10\n\n| mode | kind | questions | hit@1 | hit@5 | hit@10 |\n|---|---|---|---|---|---|\n");
            List<String> shown = new ArrayList<>(List.of(
                    "keyword", "semantic", "hybrid before (0.3 BM25 + 0.7 cosine, min-max)", "hybrid (product)"));
            if (explore) {
                tallies.keySet().stream()
                        .filter(name -> name.contains("turn") || name.contains("neighbours"))
                        .forEach(shown::add);
            }
            for (String name : shown) {
                tallies.get(name)
                        .get(half)
                        .forEach((kind, t) -> out.append("| ")
                                .append(name)
                                .append(" | ")
                                .append(kind)
                                .append(" | ")
                                .append(t.n)
                                .append(" | ")
                                .append(t.cells())
                                .append(" |\n"));
            }
        }
        out.append(minScores(questions, cache));
        out.append(
                "\nparaphrase (40 questions, no content word shared with their fact, 119 facts): hit@1 / hit@3 / hit@5\n\n");
        for (String name :
                List.of("keyword", "semantic", "hybrid before (0.3 BM25 + 0.7 cosine, min-max)", "hybrid (product)")) {
            Tally p = tallies.get(name).get("paraphrase").get("all");
            out.append(String.format(Locale.ROOT, "| %s | %d / %d / %d of %d |%n", name, p.h1, p.h3, p.h5, p.n));
        }
        System.out.println(out);
    }

    static void embed(EmbeddingModel model, Map<String, float[]> cache, List<String> texts) {
        List<String> missing = new ArrayList<>(new LinkedHashSet<>(texts));
        missing.removeIf(cache::containsKey);
        for (int from = 0; from < missing.size(); from += 256) {
            List<String> batch = missing.subList(from, Math.min(missing.size(), from + 256));
            List<Embedding> e = model.embedAll(
                            batch.stream().map(TextSegment::from).toList())
                    .content();
            for (int i = 0; i < batch.size(); i++) {
                cache.put(batch.get(i), e.get(i).vector());
            }
        }
    }

    static Path cacheFile(String model) {
        return Path.of("target", "bench-vectors", model + ".bin");
    }

    static Map<String, float[]> readCache(String model) throws IOException {
        Map<String, float[]> cache = new HashMap<>();
        Path file = cacheFile(model);
        if (!Files.exists(file)) {
            return cache;
        }
        try (InputStream raw = Files.newInputStream(file);
                DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(raw))) {
            int n = in.readInt();
            for (int i = 0; i < n; i++) {
                String text = in.readUTF();
                float[] v = new float[in.readInt()];
                for (int j = 0; j < v.length; j++) {
                    v[j] = in.readFloat();
                }
                cache.put(text, v);
            }
        }
        return cache;
    }

    static void writeCache(String model, Map<String, float[]> cache) throws IOException {
        Path file = cacheFile(model);
        Files.createDirectories(file.getParent());
        try (OutputStream raw = Files.newOutputStream(file);
                DataOutputStream out = new DataOutputStream(new java.io.BufferedOutputStream(raw))) {
            out.writeInt(cache.size());
            for (var e : cache.entrySet()) {
                out.writeUTF(e.getKey());
                out.writeInt(e.getValue().length);
                for (float x : e.getValue()) {
                    out.writeFloat(x);
                }
            }
        }
    }

    private ConversationRecallBench() {}
}
