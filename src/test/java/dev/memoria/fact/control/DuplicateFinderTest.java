package dev.memoria.fact.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.memoria.text.control.TextAnalyzer;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DuplicateFinderTest {

    private static final String BUDGET = "The monthly cloud budget for team Atlas is 10,000 dollars";

    @Test
    void aReplacedValueOrSubjectIsAnotherStatementNotARepeat() {
        assertTrue(another(BUDGET, "The monthly cloud budget for team Atlas is 6,000 dollars"));
        assertTrue(another(BUDGET, "The monthly cloud budget for team Borealis is 10,000 dollars"));
        assertTrue(
                another("The user prefers dark mode in every editor", "The user prefers light mode in every editor"));
    }

    @Test
    void aRepeatOnlyAddsOrDropsTermsOrChangesStopWordsAndWordForms() {
        assertFalse(another(BUDGET, "the monthly cloud budget for team Atlas is 10,000 dollars"));
        assertFalse(another(BUDGET, "The monthly cloud budget for team Atlas is 10,000 dollars now"));
        assertFalse(another(BUDGET, "monthly cloud budget for team Atlas is 10,000 dollars"));
        assertFalse(another("I deploy on Docker", "I deploy via Docker"));
        assertFalse(another("User deploys with Docker", "user deploy with docker"));
    }

    private static boolean another(String older, String newer) {
        return DuplicateFinder.statesAnotherValue(terms(older), terms(newer));
    }

    private static Set<String> terms(String text) {
        return TextAnalyzer.termFrequencies(text).keySet();
    }
}
