package dev.memoria.recall.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.memoria.text.control.TextAnalyzer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class Bm25Test {

    @Test
    void idfIsLucenesNonNegativeForm() {
        assertEquals(Math.log(1 + (100 - 10 + 0.5) / (10 + 0.5)), Bm25.idf(100, 10), 1e-12);
        assertTrue(Bm25.idf(100, 100) > 0, "a term in every document still counts a little");
        assertTrue(Bm25.idf(100, 1) > Bm25.idf(100, 50), "rarer is worth more");
    }

    @Test
    void termScoreSaturatesWithFrequencyAndPenalisesLength() {
        double idf = 2.0;
        assertEquals(idf * 1 * 2.2 / (1 + 1.2), Bm25.termScore(idf, 1, 10, 10), 1e-12, "average length: no penalty");
        assertTrue(Bm25.termScore(idf, 2, 10, 10) > Bm25.termScore(idf, 1, 10, 10));
        assertTrue(Bm25.termScore(idf, 100, 10, 10) < idf * (Bm25.K1 + 1), "bounded by idf x (k1 + 1)");
        assertTrue(Bm25.termScore(idf, 1, 5, 10) > Bm25.termScore(idf, 1, 20, 10), "shorter documents rank higher");
    }

    @Test
    void analysisStemsLowerCasesAndDropsStopWords() {
        Map<String, Integer> terms = TextAnalyzer.termFrequencies("The Runner was running; runners RUN!");
        assertEquals(List.of("runner", "run"), List.copyOf(terms.keySet()));
        assertEquals(2, terms.get("runner"));
        assertEquals(2, terms.get("run"));
    }

    @Test
    void veryCommonTermsAreReadOnlyToABoundedDepth() {
        assertEquals(Bm25TopK.COMMON_TERM, Bm25TopK.headCap(10));
        assertEquals(16 * 100, Bm25TopK.headCap(100));
    }
}
