package dev.memoria.fact.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.memoria.fact.entity.Fact;
import java.lang.reflect.Field;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The in-memory side of write-behind reinforcement; the writes themselves are covered by RecallIT and ClusterIT. */
class PendingAccessesTest {

    private static final Instant CREATED = Instant.parse("2026-11-30T08:00:00Z");

    private final PendingAccesses accesses = new PendingAccesses();

    @Test
    void aRecordedUseShowsOnTheAnswerAndOnLaterReadsOfTheSameFact() {
        Fact recalled = new Fact("user:1", "Deploys on Fridays", CREATED);
        Instant first = CREATED.plusSeconds(60);
        Instant second = CREATED.plusSeconds(120);

        accesses.record("acme", List.of(recalled), second);
        accesses.record("acme", List.of(recalled), first); // a slower request that finished later
        assertEquals(2, recalled.accessCount());
        assertEquals(second, recalled.lastAccessedAt(), "the latest use wins, whatever the order of recording");

        Fact readAgain = copyOf(recalled);
        accesses.addTo("acme", List.of(readAgain));
        assertEquals(2, readAgain.accessCount());
        assertEquals(second, readAgain.lastAccessedAt());
        assertTrue(accesses.pending("acme"));
        assertEquals(Set.of("acme"), accesses.tenantsPending());
    }

    @Test
    void anotherTenantsUsesNeverShow() {
        Fact ours = new Fact("user:1", "Prefers tea", CREATED);
        accesses.record("acme", List.of(ours), CREATED.plusSeconds(5));

        Fact theirs = copyOf(ours); // even a row that carried the same id
        accesses.addTo("globex", List.of(theirs));
        assertEquals(0, theirs.accessCount());
        assertNull(theirs.lastAccessedAt());
        assertFalse(accesses.pending("globex"));
    }

    @Test
    void factsNotUsedAreLeftAlone() {
        Fact used = new Fact("user:1", "Uses Helm", CREATED);
        Fact other = new Fact("user:1", "Uses Terraform", CREATED);
        accesses.record("acme", List.of(used), CREATED.plusSeconds(1));
        accesses.addTo("acme", List.of(other));
        assertEquals(0, other.accessCount());
        assertNull(other.lastAccessedAt());
    }

    /** The same row read again: the id and the stored counts, none of the uses held in memory. */
    private static Fact copyOf(Fact fact) {
        Fact copy = new Fact(fact.scopeName(), fact.content(), fact.createdAt());
        try {
            Field id = Fact.class.getDeclaredField("id");
            id.setAccessible(true);
            id.set(copy, fact.id());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
        return copy;
    }
}
