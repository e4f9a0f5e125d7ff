package dev.memoria.fact.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactsRemoved;
import dev.memoria.fact.entity.FactsWritten;
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

/** The keyword index is the first step of every write: a new fact's postings go into its insert. */
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
        writes.written = new Recorded<>("announce written");
        writes.removed = new Recorded<>("announce removed");
    }

    @Test
    void aWriteIsIndexedBeforeItIsAnnounced() {
        writes.written(new FactsWritten("user:1", List.of(), List.of()));
        assertEquals(List.of("index user:1", "announce written"), steps);
    }

    @Test
    void aRemovalLeavesTheIndexBeforeItIsAnnounced() {
        writes.removed(new FactsRemoved("user:2", List.of(), FactsRemoved.Reason.FORGOTTEN, Instant.EPOCH));
        assertEquals(List.of("unindex user:2", "announce removed"), steps);
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
