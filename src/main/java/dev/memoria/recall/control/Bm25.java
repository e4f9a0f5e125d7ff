package dev.memoria.recall.control;

/** Okapi BM25 with k1 = 1.2 and b = 0.75, the Lucene form of idf (never negative). */
public final class Bm25 {

    public static final double K1 = 1.2;
    public static final double B = 0.75;

    private Bm25() {}

    /** Inverse document frequency of a term found in {@code df} of {@code n} documents. */
    public static double idf(long n, long df) {
        return Math.log(1 + (n - df + 0.5) / (df + 0.5));
    }

    /** One term's contribution to a document's score. */
    public static double termScore(double idf, int tf, int docLength, double averageLength) {
        double norm = K1 * (1 - B + B * docLength / Math.max(averageLength, 1e-9));
        return idf * tf * (K1 + 1) / (tf + norm);
    }
}
