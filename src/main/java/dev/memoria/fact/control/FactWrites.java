package dev.memoria.fact.control;

import dev.memoria.fact.entity.FactsRemoved;
import dev.memoria.fact.entity.FactsWritten;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

/**
 * The two steps every write of facts takes in its transaction, whichever component writes: the keyword index
 * first (a new fact carries its postings into its insert, a deleted one is found in the index by them), then the
 * announcement to what derives from a fact (its vector, daily-log entries, the audit record).
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class FactWrites {

    @Inject
    TextIndex index;

    @Inject
    Event<FactsWritten> written;

    @Inject
    Event<FactsRemoved> removed;

    /** Facts whose text is new or changed; call before the new ones are inserted. */
    public void written(FactsWritten write) {
        index.index(write.scope(), write.created(), write.changed());
        written.fire(write);
    }

    /** Facts about to be deleted; call before their rows go. */
    public void removed(FactsRemoved removal) {
        index.unindex(removal.scope(), removal.facts());
        removed.fire(removal);
    }
}
