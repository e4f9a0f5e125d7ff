package dev.memoria.text.control;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.WordlistLoader;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.snowball.SnowballFilter;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.util.IOUtils;

/**
 * Turns text into index terms with Lucene's English analysis: Unicode word splitting, lower-casing,
 * English stop words, possessives and Porter stemming. Indexing and searching share it, so both sides
 * always agree on what a term is. Recall's questions also drop the longer Snowball stop list and the words of
 * asking about memory itself ("what did I say about ..."): a fact made mostly of such words outranked the
 * fact asked for on the dev set (src/site/markdown/recall.md); leaving a query term out never invents a match.
 */
public final class TextAnalyzer {

    public static final int MAX_TERM_LENGTH = 64;
    private static final Analyzer ANALYZER = new EnglishAnalyzer();
    private static final List<String> ASKING_WORDS = List.of(
            "say",
            "says",
            "said",
            "tell",
            "told",
            "mention",
            "mentioned",
            "thing",
            "things",
            "anything",
            "something",
            "everything",
            "remember",
            "recall",
            "know",
            "knew",
            "ever");
    private static final Analyzer QUESTION_ANALYZER = questionAnalyzer();

    private TextAnalyzer() {}

    /** Term frequencies in order of first appearance. */
    public static Map<String, Integer> termFrequencies(String text) {
        return termFrequencies(ANALYZER, text);
    }

    /** A recall question's terms, in order of first appearance: the longer stop list left out. */
    public static Set<String> questionTerms(String text) {
        return termFrequencies(QUESTION_ANALYZER, text).keySet();
    }

    private static Map<String, Integer> termFrequencies(Analyzer analyzer, String text) {
        Map<String, Integer> frequencies = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return frequencies;
        }
        try (TokenStream tokens = analyzer.tokenStream("text", text)) {
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

    private static Analyzer questionAnalyzer() {
        try (var list = IOUtils.getDecodingReader(SnowballFilter.class, "english_stop.txt", StandardCharsets.UTF_8)) {
            CharArraySet stop = new CharArraySet(WordlistLoader.getSnowballWordSet(list), false);
            stop.addAll(EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
            stop.addAll(ASKING_WORDS);
            return new EnglishAnalyzer(stop);
        } catch (IOException e) {
            throw new UncheckedIOException("Lucene's Snowball stop list is part of its jar", e);
        }
    }
}
