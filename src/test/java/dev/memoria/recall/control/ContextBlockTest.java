package dev.memoria.recall.control;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ContextBlockTest {

    private static final List<ContextBlock.LongTermFact> LONG_TERM = List.of(
            new ContextBlock.LongTermFact("preferences", "Preferred language: Python"),
            new ContextBlock.LongTermFact("personal", "Works at Acme Corp"),
            new ContextBlock.LongTermFact("preferences", "Dark mode: enabled"));
    private static final List<ContextBlock.RecentEntry> RECENT = List.of(
            new ContextBlock.RecentEntry(Instant.parse("2026-03-13T10:16:59Z"), "context", "Working on Project Atlas this week"),
            new ContextBlock.RecentEntry(Instant.parse("2026-03-13T14:30:00Z"), "technical", "Investigating timeout\nin payment service"));

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
        String text = new ContextBlock(List.of(), List.of(new ContextBlock.RelevantFact("work", "Uses Kubernetes")), RECENT)
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
}
