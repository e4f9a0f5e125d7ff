package dev.memoria.recall.control;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns text into index terms with Lucene's English analysis: Unicode word splitting, lower-casing,
 * English stop words, possessives and Porter stemming. Indexing and querying share it, so both sides
 * always agree on what a term is.
 */
public final class TextAnalyzer {

    public static final int MAX_TERM_LENGTH = 64;
    private static final Analyzer ANALYZER = new EnglishAnalyzer();

    private TextAnalyzer() {
    }

    /** Term frequencies in order of first appearance. */
    public static Map<String, Integer> termFrequencies(String text) {
        Map<String, Integer> frequencies = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return frequencies;
        }
        try (TokenStream tokens = ANALYZER.tokenStream("text", text)) {
            CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
            tokens.reset();
            while (tokens.incrementToken()) {
                if (term.length() <= MAX_TERM_LENGTH) {
                    frequencies.merge(term.toString(), 1, Integer::sum);
                }
            }
            tokens.end();
        } catch (IOException e) {
            throw new UncheckedIOException("Analysis of an in-memory string failed", e);
        }
        return frequencies;
    }
}
