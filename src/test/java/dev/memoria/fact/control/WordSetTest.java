package dev.memoria.fact.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import org.junit.jupiter.api.Test;

class WordSetTest {

    @Test
    void normalizesCaseAndPunctuation() {
        assertEquals(
                Set.of("user", "prefers", "python", "3"),
                WordSet.of("User PREFERS: Python-3!").words());
    }

    @Test
    void keepsLettersOfEveryAlphabet() {
        assertEquals(
                Set.of("café", "münchen", "東京"), WordSet.of("Café, München; 東京").words());
    }

    @Test
    void jaccardIsSharedOverUnion() {
        WordSet a = WordSet.of("user prefers python");
        assertEquals(1.0, a.jaccard(WordSet.of("Python prefers USER!")));
        assertEquals(0.5, WordSet.of("a b c").jaccard(WordSet.of("b c d")), 1e-12);
        assertEquals(0.0, a.jaccard(WordSet.of("likes rust")));
    }

    @Test
    void textsWithoutWordsAreNeverAlike() {
        assertEquals(0.0, WordSet.of("!!!").jaccard(WordSet.of("!!!")));
    }
}
