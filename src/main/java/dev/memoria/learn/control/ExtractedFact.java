package dev.memoria.learn.control;

import dev.memoria.fact.entity.FactType;
import java.util.List;

/**
 * A fact an extractor found, before dedup decides whether it is new.
 *
 * @param turn index of the conversation turn it came from, or -1 when the extractor did not say
 * @param replaces the numbers of the shown memory facts an LLM said this one replaces (empty: none, or rules)
 * @param replacedValue the old value a change statement named ("switched from Python to Kotlin": Python), or null
 */
public record ExtractedFact(
        String content,
        FactType type,
        double importance,
        String category,
        int turn,
        List<Integer> replaces,
        String replacedValue) {

    public ExtractedFact(String content, FactType type, double importance, String category, int turn) {
        this(content, type, importance, category, turn, List.of(), null);
    }

    public ExtractedFact(
            String content, FactType type, double importance, String category, int turn, List<Integer> replaces) {
        this(content, type, importance, category, turn, replaces, null);
    }
}
