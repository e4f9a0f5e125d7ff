package dev.memoria.recall.control;

import dev.memoria.recall.control.RecallService.Mode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Recall's ranking of its candidates, apart from where they come from, so the dev-set harness
 * (bench.ConversationRecallBench) measures the code that ships: relevance first, then how important and how fresh
 * in memory a fact is.
 *
 * <p>Hybrid relevance fuses the two signals as z-scores over the query's candidates (how far a fact stands out
 * from the others, in standard deviations), the keyword side weighted by its confidence: the best BM25 score
 * against the query's bound (the sum of its terms' idf, what a fact holding each term once at average length
 * scores). A question no fact matches well (a paraphrase, one stray shared word) is ranked by meaning; one a
 * fact matches fully, by both, keyword ahead. A spread below a floor counts as that floor, so a nearly flat signal
 * (two facts of almost the same cosine) stays nearly flat instead of being stretched from 0 to 1. Weights measured
 * on the dev set (src/site/markdown/recall.md).
 */
public final class RecallRanking {

    static final double RELEVANCE = 0.6;
    static final double IMPORTANCE = 0.2;
    static final double RETENTION = 0.2;
    /** The keyword side's weight in the fusion when it is fully confident; meaning has the rest. */
    static final double KEYWORD_WEIGHT = 0.55;
    /** Floors of the spreads: cosine in its own units, BM25 as a share of the best score. */
    static final double COSINE_SPREAD_FLOOR = 0.02;

    static final double KEYWORD_SPREAD_FLOOR = 0.05;
    /** In standard deviations: a candidate that stands out by less than this from the lowest is not pulled to 1. */
    static final double FUSED_RANGE_FLOOR = 1.0;

    /** A candidate's raw signals: BM25 (0 when no term matched), cosine (NaN without a vector), importance, retention. */
    public record Candidate(String id, double bm25, float cosine, double importance, double retention) {}

    /** A ranked candidate: its score in [0, 1] and its keyword and semantic signals in [0, 1] (semantic may be null). */
    public record Ranked(String id, double score, double keyword, Double semantic) {}

    private RecallRanking() {}

    /**
     * The candidates, best first (ties by id). {@code keywordBound} is the query's BM25 bound (see the class
     * comment); it matters in hybrid mode only.
     */
    public static List<Ranked> rank(Mode mode, List<Candidate> candidates, double keywordBound) {
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
        List<Ranked> ranked = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Candidate candidate = candidates.get(i);
            ranked.add(new Ranked(
                    candidate.id(),
                    RELEVANCE * relevance[i] + IMPORTANCE * candidate.importance() + RETENTION * candidate.retention(),
                    keyword[i],
                    mode == Mode.KEYWORD ? null : semantic[i]));
        }
        ranked.sort(Comparator.comparingDouble(Ranked::score).reversed().thenComparing(Ranked::id));
        return ranked;
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
