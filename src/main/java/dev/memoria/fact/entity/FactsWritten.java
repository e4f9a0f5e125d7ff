package dev.memoria.fact.entity;

import java.util.ArrayList;
import java.util.List;

/**
 * Facts of one scope whose text is new ({@code created}) or changed ({@code changed}: saved again under a key,
 * edited, imported over) in the current transaction. The keyword index indexes them, and what derives from a
 * fact's text (its vector) is made again from them.
 */
public record FactsWritten(String scope, List<Fact> created, List<Fact> changed) {

    public FactsWritten {
        created = List.copyOf(created);
        changed = List.copyOf(changed);
    }

    /** Created and changed facts together. */
    public List<Fact> facts() {
        List<Fact> facts = new ArrayList<>(created);
        facts.addAll(changed);
        return facts;
    }
}
