package dev.memoria.fact.entity;

import java.util.List;

/**
 * A scope's facts were replaced wholesale in the current transaction (a snapshot restore): they are now exactly
 * these. What derives from facts is made again from them, and what derived from any other fact of the scope goes.
 */
public record ScopeFactsReplaced(String scope, List<Fact> facts) {

    public ScopeFactsReplaced {
        facts = List.copyOf(facts);
    }
}
