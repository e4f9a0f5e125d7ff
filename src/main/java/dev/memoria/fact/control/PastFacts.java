package dev.memoria.fact.control;

import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactVersion;
import dev.memoria.scope.entity.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Memory as it was at a past time ({@code as_of}): the facts written by then that were current then, each as the
 * version it had then. What was deleted or erased since is gone for the past too.
 */
@ApplicationScoped
public class PastFacts {

    @Inject
    FactRepository facts;

    @Inject
    FactHistory history;

    /** The scope's facts as they were at {@code at}, oldest first, detached: changing them saves nothing. */
    public List<Fact> asOf(Scope scope, Instant at) {
        Map<String, FactVersion> older = history.latestOfScope(scope.value(), at);
        List<Fact> past = new ArrayList<>();
        for (Fact fact : facts.writtenBy(scope, at)) {
            if (fact.isExpired(at)) {
                continue;
            }
            FactVersion then = fact.validity().changedAt().isAfter(at) ? older.get(fact.id()) : fact.currentVersion();
            if (then != null && (then.validTo() == null || then.validTo().isAfter(at))) {
                past.add(fact.as(then));
            }
        }
        return past;
    }
}
