package bench;

import dev.memoria.supersession.control.SupersessionDetector;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Fits the weights of the supersession judge's evidence by logistic regression on the tuning half of the
 * stranger's pairs only (split by attribute), reports a threshold's precision and recall by five-fold
 * cross-validation over attributes within that half, and prints the weights to paste into
 * {@code SupersessionJudge}. The reported half is scored by {@link SupersessionBench}, never here.
 */
public final class SupersessionTraining {

    public static void main(String[] args) {
        List<SupersessionBench.Pair> tune = SupersessionBench.withStrangers(SupersessionBench.pairs().stream()
                .filter(p -> SupersessionBench.half(p.attribute()).equals("tune"))
                .toList());
        boolean withDetector = java.util.Arrays.asList(args).contains("--with-detector");
        boolean withMeaning = java.util.Arrays.asList(args).contains("--with-meaning");
        var model = withMeaning
                ? new dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel()
                : null;
        java.util.Map<String, float[]> vectors = new java.util.HashMap<>();
        SupersessionDetector detector = new SupersessionDetector();
        List<double[]> x = new ArrayList<>();
        List<Integer> y = new ArrayList<>();
        List<Integer> fold = new ArrayList<>();
        for (SupersessionBench.Pair pair : tune) {
            double[] f = SupersessionEvidence.features(pair.newer(), pair.older());
            if (withDetector) {
                f = java.util.Arrays.copyOf(f, f.length + 1);
                f[f.length - 1] = detector.supersedes(pair.newer(), pair.older()) ? 1 : 0;
            }
            if (withMeaning) {
                double cos = cosine(
                        vectors.computeIfAbsent(
                                pair.newer(), t -> model.embed(t).content().vector()),
                        vectors.computeIfAbsent(
                                pair.older(), t -> model.embed(t).content().vector()));
                f = withMeaning(f, cos);
            }
            x.add(f);
            y.add(pair.supersedes() ? 1 : 0);
            fold.add(Math.floorMod(pair.attribute().hashCode(), 5));
        }
        double[] thresholds = {0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8};
        int[][] tp = new int[thresholds.length][1];
        int[][] fp = new int[thresholds.length][1];
        int positives = 0;
        for (int k = 0; k < 5; k++) {
            List<double[]> trainX = new ArrayList<>();
            List<Integer> trainY = new ArrayList<>();
            for (int i = 0; i < x.size(); i++) {
                if (fold.get(i) != k) {
                    trainX.add(x.get(i));
                    trainY.add(y.get(i));
                }
            }
            double[] w = fit(trainX, trainY);
            for (int i = 0; i < x.size(); i++) {
                if (fold.get(i) == k) {
                    double p = probability(w, x.get(i));
                    positives += k == 0 ? 0 : 0;
                    for (int t = 0; t < thresholds.length; t++) {
                        if (p >= thresholds[t]) {
                            if (y.get(i) == 1) {
                                tp[t][0]++;
                            } else {
                                fp[t][0]++;
                            }
                        }
                    }
                }
            }
        }
        positives = (int) y.stream().filter(v -> v == 1).count();
        for (int t = 0; t < thresholds.length; t++) {
            System.out.printf(
                    "cross-validated threshold %.2f: precision %.3f (%d/%d), recall %.3f (%d/%d)%n",
                    thresholds[t],
                    tp[t][0] + fp[t][0] == 0 ? 1.0 : (double) tp[t][0] / (tp[t][0] + fp[t][0]),
                    tp[t][0],
                    tp[t][0] + fp[t][0],
                    (double) tp[t][0] / positives,
                    tp[t][0],
                    positives);
        }
        double[] w = fit(x, y);
        StringBuilder weights = new StringBuilder("weights on the whole tuning half:");
        for (int i = 0; i < w.length; i++) {
            String name = i < SupersessionEvidence.NAMES.size() ? SupersessionEvidence.NAMES.get(i) : "extra " + i;
            weights.append(String.format("%n  %-18s %+.3f", name, w[i]));
        }
        System.out.println(weights);
        StringBuilder literal = new StringBuilder("{");
        for (int i = 0; i < w.length; i++) {
            literal.append(i == 0 ? "" : ", ").append(String.format("%.3f", w[i]));
        }
        System.out.println(literal.append("}"));
    }

    static double[] fit(List<double[]> x, List<Integer> y) {
        int d = x.get(0).length;
        double[] w = new double[d];
        double rate = 0.1;
        double l2 = 0.01;
        Random random = new Random(7);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < x.size(); i++) {
            order.add(i);
        }
        for (int epoch = 0; epoch < 400; epoch++) {
            java.util.Collections.shuffle(order, random);
            for (int i : order) {
                double error = probability(w, x.get(i)) - y.get(i);
                for (int j = 0; j < d; j++) {
                    w[j] -= rate * (error * x.get(i)[j] + (j == 0 ? 0 : l2 * w[j]));
                }
            }
            rate *= 0.995;
        }
        return w;
    }

    /** The evidence with the cosine of the two statements' vectors and its products with what it qualifies. */
    static double[] withMeaning(double[] base, double cos) {
        double[] f = java.util.Arrays.copyOf(base, base.length + 5);
        f[base.length] = cos;
        f[base.length + 1] = cos * base[5]; // change words, about the same thing
        f[base.length + 2] = cos * base[9]; // the same label
        f[base.length + 3] = cos * base[1]; // the older's terms kept
        f[base.length + 4] = base[1] * base[5];
        return f;
    }

    static double cosine(float[] a, float[] b) {
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += a[i] * b[i];
            na += a[i] * a[i];
            nb += b[i] * b[i];
        }
        return dot / Math.sqrt(na * nb);
    }

    static double probability(double[] w, double[] f) {
        double z = 0;
        for (int j = 0; j < w.length; j++) {
            z += w[j] * f[j];
        }
        return 1 / (1 + Math.exp(-z));
    }
}
