package dev.memoria.fact.entity;

import java.util.List;

/**
 * Facts of one scope whose text is new or changed in the current transaction (created, saved again under a
 * key, edited, restored), fired after the keyword index took them: what derives from a fact's text (its
 * vector) is made again from them.
 */
public record FactsWritten(String scope, List<Fact> facts) {

    public FactsWritten {
        facts = List.copyOf(facts);
    }
}
