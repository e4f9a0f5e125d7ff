package dev.memoria.fact.control;

import dev.memoria.scope.entity.Scope;
import dev.memoria.text.control.TextAnalyzer;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The index terms of a write's contents and how many facts of the scope hold each, analysed and read once for
 * deduplication and supersession both: analysis is the costly part of a batch, and both ask the same question.
 */
final class WriteTerms {

    private final Map<String, Set<String>> termsByContent = new HashMap<>();
    private final Map<String, Long> frequencies;

    WriteTerms(Collection<String> contents, Scope scope, TermLookup index) {
        Set<String> allTerms = new HashSet<>();
        contents.forEach(content -> allTerms.addAll(of(content)));
        frequencies = allTerms.isEmpty() ? Map.of() : index.documentFrequencies(scope.value(), allTerms);
    }

    static WriteTerms of(List<String> contents, Scope scope, TermLookup index) {
        return new WriteTerms(contents, scope, index);
    }

    /** The content's index terms (any content: facts read later are analysed on first use). */
    Set<String> of(String content) {
        return termsByContent.computeIfAbsent(
                content, c -> TextAnalyzer.termFrequencies(c).keySet());
    }

    /** How many facts of the scope hold the term, for terms of the contents given; absent when none does. */
    Map<String, Long> frequencies() {
        return frequencies;
    }
}
