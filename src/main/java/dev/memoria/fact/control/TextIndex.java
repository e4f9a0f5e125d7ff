package dev.memoria.fact.control;

import dev.memoria.fact.entity.Fact;
import java.util.Collection;

/**
 * The keyword index of the facts' text. The recall component's index implements it; {@link FactWrites} calls it
 * as a step of every write, so the write path keeps it in step without knowing the component that ranks recall.
 */
public interface TextIndex {

    /** Indexes new facts and re-indexes changed ones, recording on each its postings before the new ones are saved. */
    void index(String scope, Collection<Fact> created, Collection<Fact> changed);

    /** Removes facts from the index as their rows list them, before the rows are deleted. */
    void unindex(String scope, Collection<Fact> removed);
}
