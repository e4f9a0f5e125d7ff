package dev.memoria.recall.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContextBlockTest {

    private static final List<ContextBlock.LongTermFact> LONG_TERM = List.of(
            new ContextBlock.LongTermFact("preferences", "Preferred language: Python"),
            new ContextBlock.LongTermFact("personal", "Works at Acme Corp"),
            new ContextBlock.LongTermFact("preferences", "Dark mode: enabled"));
    private static final List<ContextBlock.RecentEntry> RECENT = List.of(
            new ContextBlock.RecentEntry(
                    Instant.parse("2026-03-13T10:16:59Z"), "context", "Working on Project Atlas this week"),
            new ContextBlock.RecentEntry(
                    Instant.parse("2026-03-13T14:30:00Z"), "technical", "Investigating timeout\nin payment service"));

    @Test
    void rendersTheSelectoolsBlockByteForByte() {
        String expected = """
                [Long-term Memory]
                ## preferences
                - Preferred language: Python
                - Dark mode: enabled

                ## personal
                - Works at Acme Corp

                [Recent Memory]
                - [2026-03-13 10:16] (context) Working on Project Atlas this week
                - [2026-03-13 14:30] (technical) Investigating timeout in payment service""";
        assertEquals(expected, new ContextBlock(LONG_TERM, List.of(), RECENT).render(null));
    }

    @Test
    void relevantMemorySitsBetweenTheSectionsAndEmptySectionsAreLeftOut() {
        String text = new ContextBlock(
                        List.of(), List.of(new ContextBlock.RelevantFact("work", "Uses Kubernetes")), RECENT)
                .render(null);
        assertTrue(text.startsWith("[Relevant Memory]\n- (work) Uses Kubernetes\n\n[Recent Memory]\n"), text);
        assertEquals("", new ContextBlock(List.of(), List.of(), List.of()).render(null));
    }

    @Test
    void aBudgetDropsWholeLinesOldestRecentFirst() {
        ContextBlock block = new ContextBlock(LONG_TERM, List.of(), RECENT);
        String full = block.render(null);
        String trimmed = new ContextBlock(LONG_TERM, List.of(), RECENT).render(ContextBlock.estimateTokens(full) - 1);
        assertTrue(ContextBlock.estimateTokens(trimmed) < ContextBlock.estimateTokens(full));
        List<String> fullLines = Arrays.asList(full.split("\n"));
        Arrays.stream(trimmed.split("\n")).forEach(line -> assertTrue(fullLines.contains(line), line));
        assertTrue(trimmed.contains("Investigating timeout"), "the newest recent entry stays");
        assertTrue(!trimmed.contains("Project Atlas"), "the oldest recent entry went first");
    }

    @Test
    void aBudgetTooSmallForAnyLineGivesAnEmptyBlock() {
        assertEquals("", new ContextBlock(LONG_TERM, List.of(), RECENT).render(1));
    }

    @Test
    void tokensAreAQuarterOfTheCharactersPerLineRoundedUpPlusTheBreak() {
        assertEquals(0, ContextBlock.estimateTokens(""));
        assertEquals(2, ContextBlock.estimateTokens("abcd"));
        assertEquals(3, ContextBlock.estimateTokens("abcde"));
        assertEquals(4, ContextBlock.estimateTokens("abcd\nabcd"));
    }

    @Test
    void everyBudgetKeepsTheLinesThatDroppingOneAtATimeWouldKeep() {
        List<ContextBlock.LongTermFact> longTerm = new java.util.ArrayList<>();
        for (int i = 0; i < 12; i++) {
            longTerm.add(new ContextBlock.LongTermFact("c" + i % 3, "Long-term fact number " + i + " ".repeat(i)));
        }
        List<ContextBlock.RelevantFact> relevant = List.of(
                new ContextBlock.RelevantFact("work", "Uses Kubernetes"),
                new ContextBlock.RelevantFact("lang", "Prefers Python"));
        String full = new ContextBlock(longTerm, relevant, RECENT).render(null);
        for (int budget = 0; budget <= ContextBlock.estimateTokens(full) + 1; budget++) {
            assertEquals(
                    oneLineAtATime(longTerm, relevant, RECENT, budget),
                    new ContextBlock(longTerm, relevant, RECENT).render(budget),
                    "budget " + budget);
        }
    }

    @Test
    void lineBreaksAndTheSpaceAroundThemBecomeOneSpace() {
        assertEquals("a b", ContextBlock.oneLine("a \r\n\n  b"));
        assertEquals("a b c", ContextBlock.oneLine("a\nb\rc"));
        assertEquals("a" + " ".repeat(20_000) + "b", ContextBlock.oneLine("a" + " ".repeat(20_000) + "b"));
        assertEquals("a b", ContextBlock.oneLine("a" + " ".repeat(20_000) + "\n" + " ".repeat(20_000) + "b"));
    }

    /** The budget's meaning, spelled out: drop the least valuable line until the block fits. */
    private static String oneLineAtATime(
            List<ContextBlock.LongTermFact> longTerm,
            List<ContextBlock.RelevantFact> relevant,
            List<ContextBlock.RecentEntry> recent,
            int budget) {
        List<ContextBlock.LongTermFact> l = new java.util.ArrayList<>(longTerm);
        List<ContextBlock.RelevantFact> r = new java.util.ArrayList<>(relevant);
        List<ContextBlock.RecentEntry> e = new java.util.ArrayList<>(recent);
        while (true) {
            String text = new ContextBlock(l, r, e).render(null);
            if (ContextBlock.estimateTokens(text) <= budget) {
                return text;
            }
            if (!e.isEmpty()) {
                e.remove(0);
            } else if (!r.isEmpty()) {
                r.remove(r.size() - 1);
            } else if (!l.isEmpty()) {
                l.remove(l.size() - 1);
            } else {
                return "";
            }
        }
    }
}
