package dev.memoria.learn.control;

import dev.memoria.platform.control.FieldReader;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** What an extractor made of a conversation. */
public record Extraction(List<ExtractedFact> facts) {

    /** Without the facts longer than a fact may be: a turn that gave only such a fact counts as skipped. */
    public Extraction fitting(int maxCharacters) {
        return new Extraction(facts.stream()
                .filter(fact -> {
                    String content = FieldReader.stripSpaces(fact.content()); // as the fact's validation trims it
                    return content.codePointCount(0, content.length()) <= maxCharacters;
                })
                .toList());
    }

    /** User turns that gave no fact: filler, questions, small talk (all user turns a fact did not cite). */
    public int skippedUserTurns(List<Turn> turns) {
        Set<Integer> cited = new HashSet<>();
        facts.forEach(fact -> cited.add(fact.turn()));
        long userTurns = turns.stream().filter(Turn::isUser).count();
        if (cited.contains(-1)) {
            // the extractor did not say where facts came from: assume one fact a turn
            return (int) Math.max(0, userTurns - facts.size());
        }
        int skipped = 0;
        for (int i = 0; i < turns.size(); i++) {
            if (turns.get(i).isUser() && !cited.contains(i)) {
                skipped++;
            }
        }
        return skipped;
    }
}
