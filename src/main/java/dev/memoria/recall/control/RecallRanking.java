package dev.memoria.recall.control;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Recall's ranking of its candidates, apart from where they come from, so the dev-set harness
 * (bench.ConversationRecallBench) measures the code that ships.
 *
 * <p><b>Order.</b> Hybrid relevance fuses the two signals as z-scores over the query's candidates (how far a fact
 * stands out from the others, in standard deviations), the keyword side weighted by its confidence: the best BM25
 * score against the query's bound (the sum of its terms' idf, what a fact holding each term once at average
 * length scores). A spread below a floor counts as that floor, so a nearly flat signal stays nearly flat. Then
 * importance and retention weigh in ({@link #IMPORTANCE}, {@link #RETENTION}), and a fact holding the kind of answer
 * the question asks for ({@link #KIND}).
 *
 * <p><b>Scores</b> are calibrated, not relative: the first fact scores how well it answers on a fixed scale (BM25
 * against the query's bound, the raw cosine between {@link #COSINE_ZERO} and {@link #COSINE_FULL}, joined as
 * independent evidence in hybrid mode), and each fact behind it that much times its share of the first's
 * relevance squared and its share of the first's order (never above the fact before it).
 * So a question nothing answers scores near 0 in any scope, the same fact and question score alike in a scope of
 * 3 and of 100,000, and one {@code min_score} means the same everywhere. The signals are the same fixed-scale
 * evidence per fact. Weights measured on the dev sets (src/site/markdown/recall.md).
 */
public final class RecallRanking {

    /** The order's weights: relevance, then how important and how fresh in memory a fact is. */
    static final double RELEVANCE = 0.6;

    static final double IMPORTANCE = 0.2;
    static final double RETENTION = 0.2;
    /** Raw cosines of MiniLM: unrelated texts at or below COSINE_ZERO, a close paraphrase at COSINE_FULL. */
    static final double COSINE_ZERO = 0.2;

    static final double COSINE_FULL = 0.6;
    /** The most one signal alone can say (every word of the question, or a close paraphrase): both say more. */
    static final double ONE_SIGNAL = 0.9;
    /** How fast the scores of the facts behind the first fall with how far behind they rank. */
    static final double SPREAD = 2;
    /** The keyword side's weight in the fusion when it is fully confident; meaning has the rest. */
    static final double KEYWORD_WEIGHT = 0.55;
    /** Floors of the spreads: cosine in its own units, BM25 as a share of the best score. */
    static final double COSINE_SPREAD_FLOOR = 0.02;

    static final double KEYWORD_SPREAD_FLOOR = 0.05;
    /** In standard deviations: a candidate that stands out by less than this from the lowest is not pulled to 1. */
    static final double FUSED_RANGE_FLOOR = 1.0;

    /**
     * What a fact holding the kind of answer the question asks for ({@link AnswerKind}) gains in the order: chosen
     * on the dev sets' tuning halves (0.05 to 0.2 measured), half of what importance can give.
     */
    static final double KIND = 0.1;

    /**
     * A candidate's raw signals: BM25 (0 when no term matched), cosine (NaN without a vector), importance, retention,
     * and whether it holds the kind of answer the question asks for.
     */
    public record Candidate(
            String id, double bm25, float cosine, double importance, double retention, boolean holdsAnswerKind) {

        public Candidate(String id, double bm25, float cosine, double importance, double retention) {
            this(id, bm25, cosine, importance, retention, false);
        }
    }

    /** A ranked candidate: its score in [0, 1] and its keyword and semantic signals in [0, 1] (semantic may be null). */
    public record Ranked(String id, double score, double keyword, Double semantic) {}

    private RecallRanking() {}

    /**
     * The candidates, best first (ties by id). {@code keywordBound} is the query's BM25 bound (see the class
     * comment); it matters in hybrid mode only.
     */
    public static List<Ranked> rank(RecallMode mode, List<Candidate> candidates, double keywordBound) {
        int n = candidates.size();
        double best = 0;
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (Candidate candidate : candidates) {
            best = Math.max(best, candidate.bm25());
            if (!Float.isNaN(candidate.cosine())) {
                low = Math.min(low, candidate.cosine());
                high = Math.max(high, candidate.cosine());
            }
        }
        double[] keyword = new double[n];
        double[] cosine = new double[n];
        Double[] semantic = new Double[n];
        for (int i = 0; i < n; i++) {
            Candidate candidate = candidates.get(i);
            keyword[i] = best > 0 ? candidate.bm25() / best : 0;
            float c = candidate.cosine();
            cosine[i] = Float.isNaN(c) ? 0 : c;
            semantic[i] = Float.isNaN(c) ? null : high - low > 1e-6 ? (c - low) / (high - low) : 1.0;
        }
        double[] relevance = switch (mode) {
            case KEYWORD -> keyword;
            case SEMANTIC -> {
                double[] r = new double[n];
                for (int i = 0; i < n; i++) {
                    r[i] = semantic[i] == null ? 0 : semantic[i];
                }
                yield r;
            }
            case HYBRID -> fused(keyword, cosine, keywordBound > 0 ? Math.min(1, best / keywordBound) : 0);
        };
        double[] order = new double[n];
        double[] keywordEvidence = new double[n];
        Double[] meaningEvidence = new Double[n];
        Integer[] byOrder = new Integer[n];
        for (int i = 0; i < n; i++) {
            Candidate candidate = candidates.get(i);
            keywordEvidence[i] = keywordBound > 0 ? ONE_SIGNAL * Math.min(1, candidate.bm25() / keywordBound) : 0;
            meaningEvidence[i] = Float.isNaN(candidate.cosine()) ? null : meaning(candidate.cosine());
            order[i] = RELEVANCE * relevance[i]
                    + IMPORTANCE * candidate.importance()
                    + RETENTION * candidate.retention()
                    + (candidate.holdsAnswerKind() ? KIND : 0);
            byOrder[i] = i;
        }
        Arrays.sort(
                byOrder,
                Comparator.comparingDouble((Integer i) -> -order[i])
                        .thenComparing(i -> candidates.get(i).id()));
        List<Ranked> ranked = new ArrayList<>(n);
        if (n == 0) {
            return ranked;
        }
        int top = byOrder[0];
        // how well the best candidate answers, on a fixed scale; the others scaled down by how far behind they rank
        double answered = switch (mode) {
            case KEYWORD -> keywordEvidence[top];
            case SEMANTIC -> meaningEvidence[top] == null ? 0 : meaningEvidence[top];
            case HYBRID ->
                1 - (1 - keywordEvidence[top]) * (1 - (meaningEvidence[top] == null ? 0 : meaningEvidence[top]));
        };
        double previous = answered;
        for (int i : byOrder) {
            // behind the first by relevance, squared, and by the order importance and retention give (they order, they
            // do not answer: a fact of no relevance scores 0), never above the fact before it; when the first is the
            // lowest on relevance (a single candidate, or candidates that tie), no one is behind it
            double behind = relevance[top] <= 0 ? 1 : Math.max(0, relevance[i]) / relevance[top];
            double ordered = order[top] <= 0 ? 0 : Math.max(0, order[i]) / order[top];
            double score = Math.min(previous, answered * Math.pow(Math.min(1, behind), SPREAD) * Math.min(1, ordered));
            previous = score;
            ranked.add(new Ranked(
                    candidates.get(i).id(),
                    score,
                    keywordEvidence[i],
                    mode == RecallMode.KEYWORD ? null : meaningEvidence[i]));
        }
        return ranked;
    }

    /** What the ranking does, in words, from the constants it uses: the console shows it beside the scores. */
    public static String explanation() {
        return String.format(
                java.util.Locale.ROOT,
                "Order: %.1f × relevance + %.1f × importance + %.1f × retention (+ %.1f when a question asking who,"
                        + " when or how many meets a fact holding a name, a time or a number), where relevance fuses"
                        + " keyword (BM25) and meaning (cosine) as how far each fact stands out from the other candidates."
                        + " Score: how well the first fact answers on a fixed scale (keyword: BM25 against the"
                        + " question's bound; meaning: cosine %.1f is nothing, %.1f full; each alone at most %.1f,"
                        + " both together more), and each later fact that much times (its relevance / the first's)^%.0f"
                        + " times (its order / the first's)."
                        + " Keyword and Semantic below are that fixed-scale evidence; min_score compares with Score.",
                RELEVANCE,
                IMPORTANCE,
                RETENTION,
                KIND,
                COSINE_ZERO,
                COSINE_FULL,
                ONE_SIGNAL,
                SPREAD);
    }

    /** A raw cosine as evidence in [0, 1]: at or below {@link #COSINE_ZERO} none, at {@link #COSINE_FULL} full. */
    static double meaning(float cosine) {
        return ONE_SIGNAL * Math.max(0, Math.min(1, (cosine - COSINE_ZERO) / (COSINE_FULL - COSINE_ZERO)));
    }

    /**
     * Confidence-weighted z-scores, brought to [0, 1] from the lowest candidate up, over a range of at least
     * {@link #FUSED_RANGE_FLOOR} (so candidates that barely differ keep scores that barely differ).
     */
    static double[] fused(double[] keyword, double[] cosine, double confidence) {
        double[] k = zScores(keyword, KEYWORD_SPREAD_FLOOR);
        double[] c = zScores(cosine, COSINE_SPREAD_FLOOR);
        double weight = KEYWORD_WEIGHT * confidence;
        double[] fused = new double[keyword.length];
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < fused.length; i++) {
            fused[i] = weight * k[i] + (1 - KEYWORD_WEIGHT) * c[i];
            low = Math.min(low, fused[i]);
            high = Math.max(high, fused[i]);
        }
        double range = Math.max(FUSED_RANGE_FLOOR, high - low);
        for (int i = 0; i < fused.length; i++) {
            fused[i] = (fused[i] - low) / range;
        }
        return fused;
    }

    /** Each value's distance from the mean in standard deviations, the deviation at least {@code floor}. */
    static double[] zScores(double[] values, double floor) {
        double mean = 0;
        for (double v : values) {
            mean += v;
        }
        mean /= Math.max(1, values.length);
        double variance = 0;
        for (double v : values) {
            variance += (v - mean) * (v - mean);
        }
        double deviation = Math.max(floor, Math.sqrt(variance / Math.max(1, values.length)));
        double[] z = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            z[i] = (values[i] - mean) / deviation;
        }
        return z;
    }
}
