package dev.memoria.recall.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.memoria.recall.control.RecallRanking.Candidate;
import dev.memoria.recall.control.RecallRanking.Ranked;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecallRankingTest {

    private static List<String> ids(List<Ranked> ranked) {
        return ranked.stream().map(Ranked::id).toList();
    }

    /** Facts that only differ in their cosine with the question, around one with the given signals. */
    private static List<Candidate> crowd(Candidate... extra) {
        List<Candidate> candidates = new ArrayList<>(List.of(extra));
        for (int i = 0; i < 20; i++) {
            candidates.add(new Candidate("d" + i, 0, 0.20f + 0.01f * i, 0.5, 1.0));
        }
        return candidates;
    }

    @Test
    void aQuestionNoFactSharesAWordWithIsRankedByMeaning() {
        List<Ranked> ranked =
                RecallRanking.rank(RecallMode.HYBRID, crowd(new Candidate("python", 0, 0.62f, 0.5, 1.0)), 9.0);
        assertEquals("python", ranked.get(0).id());
        assertEquals(0.0, ranked.get(0).keyword());
        assertEquals(RecallRanking.ONE_SIGNAL, ranked.get(0).semantic(), 1e-9, "a close paraphrase, on a fixed scale");
    }

    @Test
    void theSameAnswerScoresAlikeInAScopeOfThreeAndOfAThousand() {
        Candidate answer = new Candidate("answer", 4.0, 0.52f, 0.5, 1.0);
        List<Candidate> small =
                List.of(answer, new Candidate("s1", 0, 0.21f, 0.9, 1.0), new Candidate("s2", 0.5, 0.18f, 0.5, 1.0));
        List<Candidate> large = new ArrayList<>(List.of(answer));
        for (int i = 0; i < 999; i++) {
            large.add(new Candidate("l" + i, i % 7 == 0 ? 0.6 : 0, 0.05f + 0.0003f * i, (i % 10) / 10.0, 1.0));
        }
        for (RecallMode mode : RecallMode.values()) {
            Ranked inSmall = RecallRanking.rank(mode, small, 6.0).get(0);
            Ranked inLarge = RecallRanking.rank(mode, large, 6.0).get(0);
            assertEquals("answer", inSmall.id(), mode::toString);
            assertEquals("answer", inLarge.id(), mode::toString);
            assertEquals(inSmall.score(), inLarge.score(), 0.1, mode::toString);
        }
    }

    @Test
    void aQuestionNothingAnswersScoresNearZeroWhateverTheImportance() {
        List<Ranked> ranked = RecallRanking.rank(
                RecallMode.HYBRID,
                List.of(new Candidate("vital", 0, 0.16f, 1.0, 1.0), new Candidate("other", 0, 0.12f, 0.2, 1.0)),
                8.0);
        ranked.forEach(one -> assertTrue(one.score() < 0.05, one::toString));
    }

    @Test
    void oneStraySharedWordDoesNotOutrankAClearMatchByMeaning() {
        // the question's bound is 12: one common word (BM25 1.0) is a small share of what it asks
        List<Ranked> ranked = RecallRanking.rank(
                RecallMode.HYBRID,
                crowd(new Candidate("stray", 1.0, 0.25f, 0.5, 1.0), new Candidate("meant", 0, 0.65f, 0.5, 1.0)),
                12.0);
        assertEquals("meant", ranked.get(0).id(), ranked::toString);
    }

    @Test
    void aFactMatchingTheQuestionsWordsOutranksOneThatIsOnlyAboutTheSameTopic() {
        // the question's words are all in "exact" (BM25 near the bound); "topic" is a bit closer by meaning
        List<Ranked> ranked = RecallRanking.rank(
                RecallMode.HYBRID,
                crowd(new Candidate("exact", 8.0, 0.55f, 0.5, 1.0), new Candidate("topic", 2.0, 0.60f, 0.5, 1.0)),
                9.0);
        assertEquals(List.of("exact", "topic"), ids(ranked).subList(0, 2));
    }

    @Test
    void importanceDecidesBetweenFactsThatBarelyDiffer() {
        List<Ranked> ranked = RecallRanking.rank(
                RecallMode.HYBRID,
                List.of(new Candidate("minor", 3.0, 0.611f, 0.1, 1.0), new Candidate("major", 3.0, 0.603f, 0.9, 1.0)),
                6.0);
        assertEquals(List.of("major", "minor"), ids(ranked));
        assertTrue(ranked.get(0).score() > 0.5, "the first of two near-equal answers scores as an answer: " + ranked);
    }

    @Test
    void theOnlyFactOfAScopeScoresWhatItAnswersInEveryMode() {
        // a scope of one fact: hybrid's fused relevance has no spread, which must not read as "behind the first"
        List<Candidate> one = List.of(new Candidate("only", 2.0, 0.58f, 0.5, 1.0));
        for (RecallMode mode : RecallMode.values()) {
            Ranked only = RecallRanking.rank(mode, one, 2.0).get(0);
            assertTrue(only.score() >= 0.85, mode + ": " + only);
        }
        Ranked hybrid = RecallRanking.rank(RecallMode.HYBRID, one, 2.0).get(0);
        assertEquals(1 - (1 - hybrid.keyword()) * (1 - hybrid.semantic()), hybrid.score(), 1e-9);
    }

    @Test
    void scoresAndSignalsStayInTheUnitInterval() {
        List<Ranked> ranked = RecallRanking.rank(
                RecallMode.HYBRID,
                crowd(new Candidate("a", 12.0, 0.9f, 1.0, 1.0), new Candidate("b", 0.3, Float.NaN, 0.0, 0.0)),
                5.0);
        for (Ranked one : ranked) {
            assertTrue(one.score() >= 0 && one.score() <= 1, one::toString);
            assertTrue(one.keyword() >= 0 && one.keyword() <= 1, one::toString);
            assertTrue(one.semantic() == null || (one.semantic() >= 0 && one.semantic() <= 1), one::toString);
        }
        assertNull(ranked.stream()
                .filter(r -> r.id().equals("b"))
                .findFirst()
                .orElseThrow()
                .semantic());
    }

    @Test
    void keywordModeIsBm25AloneAndSemanticModeIsMeaningAlone() {
        List<Candidate> candidates =
                List.of(new Candidate("words", 5.0, 0.2f, 0.5, 1.0), new Candidate("meaning", 1.0, 0.8f, 0.5, 1.0));
        assertEquals(List.of("words", "meaning"), ids(RecallRanking.rank(RecallMode.KEYWORD, candidates, 5.0)));
        assertEquals(List.of("meaning", "words"), ids(RecallRanking.rank(RecallMode.SEMANTIC, candidates, 5.0)));
        assertNull(
                RecallRanking.rank(RecallMode.KEYWORD, candidates, 5.0).get(0).semantic());
    }
}
