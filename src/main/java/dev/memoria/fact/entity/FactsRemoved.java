package dev.memoria.fact.entity;

import java.time.Instant;
import java.util.List;

/**
 * Facts of one scope about to be deleted in the current transaction, and why. Fired before the rows go, so
 * the parts that keep what derives from a fact (its postings, vectors, daily-log entries, the audit record)
 * can read it and remove their share in the same transaction: a forgotten fact leaves nothing behind.
 */
public record FactsRemoved(String scope, List<Fact> facts, Reason reason, Instant at) {

    public enum Reason {
        /** Deleted by a person or an agent: by id, by key, by a tool call, over MCP or in the console. */
        FORGOTTEN,
        /** Past its expires_at (the TTL job, or a key saved again after it expired). */
        EXPIRED,
        /** Its retention fell below the tenant's forget_below (decay). */
        DECAYED,
        /** Evicted to keep the scope within max_facts_per_scope. */
        EVICTED,
        /** Erased with a data subject's memory (POST /erasures). */
        ERASED,
        /** Not in the snapshot a restore made the scope's facts again. */
        RESTORED
    }

    public FactsRemoved {
        facts = List.copyOf(facts);
    }
}
