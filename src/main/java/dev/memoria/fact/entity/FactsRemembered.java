package dev.memoria.fact.entity;

import java.time.Instant;
import java.util.List;

/**
 * What one write remembered in a scope, in order, fired in its transaction once the facts are written: every
 * remember (a new fact, a reinforcement, a key saved again) with the content it was given and when.
 */
public record FactsRemembered(String scope, List<Remembrance> remembrances) {

    /**
     * One remember as it was at that moment: the fact's id, category and persistence then, and the content
     * given (a reinforcement's differs from the fact's).
     */
    public record Remembrance(String factId, String category, boolean persistent, String content, Instant at) {}

    public FactsRemembered {
        remembrances = List.copyOf(remembrances);
    }
}
