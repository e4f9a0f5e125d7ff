package dev.memoria.fact.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactsRemoved;
import dev.memoria.scope.entity.Scope;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.NotificationOptions;
import jakarta.enterprise.util.TypeLiteral;
import java.lang.annotation.Annotation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/**
 * Every write of facts takes the same steps in the same order: the keyword index first (a new fact's postings go
 * into its insert, a deleted one is found by them), the rows, and the announcement to what derives from a fact.
 */
class FactWritesTest {

    private final List<String> steps = new ArrayList<>();
    private final FactWrites writes = new FactWrites();

    FactWritesTest() {
        writes.index = new TextIndex() {
            @Override
            public void index(String scope, Collection<Fact> created, Collection<Fact> changed) {
                steps.add("index " + scope);
            }

            @Override
            public void unindex(String scope, Collection<Fact> removed) {
                steps.add("unindex " + scope);
            }
        };
        writes.facts = new FactRepository() {
            @Override
            public void insertAll(Scope scope, Collection<Fact> created) {
                steps.add("insert " + created.size());
            }

            @Override
            public void remove(Fact fact) {
                steps.add("delete " + fact.content());
            }
        };
        writes.written = new Recorded<>("announce written");
        writes.removed = new Recorded<>("announce removed");
    }

    @Test
    void aWriteIsIndexedThenInsertedThenAnnounced() {
        Fact fact = new Fact("user:1", "Lives in Lisbon", Instant.EPOCH);
        writes.write(Scope.of("user:1"), List.of(fact), List.of());
        assertEquals(List.of("index user:1", "insert 1", "announce written"), steps);
    }

    @Test
    void aRemovalLeavesTheIndexAndIsAnnouncedBeforeItsRowsGo() {
        Fact fact = new Fact("user:2", "Lives in Lisbon", Instant.EPOCH);
        writes.remove(Scope.of("user:2"), List.of(fact), FactsRemoved.Reason.FORGOTTEN, Instant.EPOCH);
        assertEquals(List.of("unindex user:2", "announce removed", "delete Lives in Lisbon"), steps);
    }

    @Test
    void removingNothingTouchesNothing() {
        writes.remove(Scope.of("user:3"), List.of(), FactsRemoved.Reason.EVICTED, Instant.EPOCH);
        assertEquals(List.of(), steps);
    }

    /** An event that records that it was fired. */
    private final class Recorded<T> implements Event<T> {

        private final String step;

        Recorded(String step) {
            this.step = step;
        }

        @Override
        public void fire(T event) {
            steps.add(step);
        }

        @Override
        public <U extends T> CompletionStage<U> fireAsync(U event) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <U extends T> CompletionStage<U> fireAsync(U event, NotificationOptions options) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Event<T> select(Annotation... qualifiers) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <U extends T> Event<U> select(Class<U> subtype, Annotation... qualifiers) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <U extends T> Event<U> select(TypeLiteral<U> subtype, Annotation... qualifiers) {
            throw new UnsupportedOperationException();
        }
    }
}
