package dev.memoria.fact.control;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What dedup reads from a scope's keyword index. The recall component's index implements it, so the write
 * path finds near-duplicates without knowing the component that ranks recall.
 */
public interface TermLookup {

    /** How many facts of the scope hold each of the terms (terms no fact holds are left out). */
    Map<String, Long> documentFrequencies(String scope, Collection<String> terms);

    /** The ids of the scope's facts holding each of the terms. */
    Map<String, List<String>> postings(String scope, Collection<String> terms);
}
