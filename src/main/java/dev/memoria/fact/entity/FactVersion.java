package dev.memoria.fact.entity;

import java.time.Instant;
import java.util.List;

/** One version of a fact, as its history shows it: what it said, when that was true, and how it was written. */
public record FactVersion(
        String factId,
        int version,
        String scopeName,
        String title,
        String content,
        String category,
        FactType type,
        double importance,
        List<String> tags,
        String source,
        Instant validFrom,
        Instant validTo,
        Instant changedAt,
        Change change) {

    /** This version as its history shows it once a newer fact superseded it. */
    public FactVersion superseded() {
        return with(validTo, Change.SUPERSEDED);
    }

    /** This version, ended at {@code to}: a newer version of the same fact starts there. */
    public FactVersion endedAt(Instant to) {
        return with(to, change);
    }

    private FactVersion with(Instant to, Change how) {
        return new FactVersion(
                factId,
                version,
                scopeName,
                title,
                content,
                category,
                type,
                importance,
                tags,
                source,
                validFrom,
                to,
                changedAt,
                how);
    }
}
