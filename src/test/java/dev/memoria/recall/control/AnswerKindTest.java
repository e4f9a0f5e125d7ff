package dev.memoria.recall.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class AnswerKindTest {

    @Test
    void aQuestionSaysWhatKindOfAnswerItWantsOrNothing() {
        assertEquals(AnswerKind.PERSON, AnswerKind.of("Who should we call if something goes wrong?"));
        assertEquals(AnswerKind.TIME, AnswerKind.of("when did she move to Lisbon"));
        assertEquals(AnswerKind.TIME, AnswerKind.of("What year was the wedding?"));
        assertEquals(AnswerKind.AMOUNT, AnswerKind.of("how many kids can they claim?"));
        assertEquals(AnswerKind.AMOUNT, AnswerKind.of("How long has she been with the company?"), "amounts first");
        assertNull(AnswerKind.of("which editor does the user prefer?"));
        assertNull(AnswerKind.of("somewhere to eat near the office"), "no word of a kind, only letters of one");
    }

    @Test
    void aFactHoldsAnAnswerOfAKindByANameATimeOrANumber() {
        assertTrue(AnswerKind.PERSON.heldBy("Emergency contact is Luis Ferreira, her husband"));
        assertTrue(AnswerKind.PERSON.heldBy("backup: rosa.j@example.com"));
        assertFalse(AnswerKind.PERSON.heldBy("Prefers tea. Hates coffee"), "sentence starts are not names");
        assertFalse(AnswerKind.PERSON.heldBy("Dana: I think so, see you then"), "nor is the speaker of a turn");
        assertTrue(AnswerKind.TIME.heldBy("Started on 2025-09-01"));
        assertTrue(AnswerKind.TIME.heldBy("we went last summer, in July"));
        assertFalse(AnswerKind.TIME.heldBy("Likes long walks"));
        for (String amount : List.of("2 kids: Ava and Leo", "twice a week", "78 of 128 credits")) {
            assertTrue(AnswerKind.AMOUNT.heldBy(amount), amount);
        }
        assertFalse(AnswerKind.AMOUNT.heldBy("Married filing jointly"));
    }

    @Test
    void ofTwoFactsEquallyRelevantTheOneHoldingTheAnswerKindRanksFirst() {
        List<RecallRanking.Candidate> candidates = List.of(
                new RecallRanking.Candidate("a-filing", 1.0, 0.5f, 0.5, 1.0, false),
                new RecallRanking.Candidate("b-dependents", 1.0, 0.5f, 0.5, 1.0, true));
        assertEquals(
                "b-dependents", // the tie would go to a-filing by id
                RecallRanking.rank(RecallMode.HYBRID, candidates, 2.0).get(0).id());
    }
}
