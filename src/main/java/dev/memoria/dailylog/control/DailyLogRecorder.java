package dev.memoria.dailylog.control;

import dev.memoria.dailylog.entity.DailyLogEntry;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactsRemembered;
import dev.memoria.fact.entity.FactsRemoved;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Keeps the daily log in step with the facts, in their transaction: every remember appends an entry, and a
 * deleted fact takes its entries with it, so no later /context, /logs or log day shows what was forgotten.
 */
@ApplicationScoped
public class DailyLogRecorder {

    @Inject
    DailyLogRepository logs;

    void onRemembered(@Observes FactsRemembered remembered) {
        logs.appendAll(
                remembered.scope(),
                remembered.remembrances().stream()
                        .map(r -> new DailyLogEntry(
                                remembered.scope(), r.at(), r.category(), r.content(), r.persistent(), r.factId()))
                        .toList());
    }

    void onRemoved(@Observes FactsRemoved removed) {
        logs.deleteForFacts(
                removed.scope(), removed.facts().stream().map(Fact::id).toList());
    }
}
