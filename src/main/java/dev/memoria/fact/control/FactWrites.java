package dev.memoria.fact.control;

import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactsAdded;
import dev.memoria.fact.entity.FactsRemoved;
import dev.memoria.fact.entity.FactsWritten;
import dev.memoria.quota.control.Quotas;
import dev.memoria.scope.entity.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * The only way a fact row is inserted or deleted, whichever component writes: the keyword index, the row and the
 * announcement to what derives from a fact (its vector, daily-log entries, history, the audit record) always go
 * together and in this order, so no writer can leave one out.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class FactWrites {

    @Inject
    TextIndex index;

    @Inject
    FactRepository facts;

    @Inject
    Event<FactsWritten> written;

    @Inject
    Event<FactsRemoved> removed;

    @Inject
    Event<FactsAdded> added;

    @Inject
    Quotas quotas;

    /**
     * New facts of a scope, with their final state, and facts whose text changed: the texts are indexed (a new fact
     * carries its postings into its insert), the new rows inserted in one statement, and the write announced.
     */
    public void write(Scope scope, Collection<Fact> created, Collection<Fact> changed) {
        FactsWritten write = new FactsWritten(scope.value(), List.copyOf(created), List.copyOf(changed));
        index.index(write.scope(), write.created(), write.changed());
        facts.insertAll(scope, write.created());
        written.fire(write);
    }

    /**
     * Ends a write that added facts: each scope is brought back within its capacity (the capacity guard observes),
     * then the tenant's quota of facts is checked, which fails the whole write when it is exceeded.
     */
    public void settle(Collection<Scope> scopes, Instant now) {
        scopes.forEach(scope -> added.fire(new FactsAdded(scope.value(), now)));
        quotas.checkFactsHeld();
    }

    /**
     * Deletes facts of a scope: they leave the index (found there by their postings, so before their rows go), their
     * removal is announced, then their rows are deleted.
     */
    public void remove(Scope scope, List<Fact> gone, FactsRemoved.Reason reason, Instant now) {
        if (gone.isEmpty()) {
            return;
        }
        FactsRemoved removal = new FactsRemoved(scope.value(), gone, reason, now);
        index.unindex(removal.scope(), removal.facts());
        removed.fire(removal);
        gone.forEach(facts::remove);
    }
}
