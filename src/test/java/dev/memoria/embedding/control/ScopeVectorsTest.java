package dev.memoria.embedding.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.memoria.embedding.entity.Vectors;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScopeVectorsTest {

    private static final ScopeVectors.Version V1 = new ScopeVectors.Version(Instant.EPOCH, 0, 3);
    private static final ScopeVectors.Version V2 = new ScopeVectors.Version(Instant.EPOCH, 0, 5);

    private static float[] unit(float... components) {
        return Vectors.normalized(components);
    }

    @Test
    void theTopIsBestFirstAndHoldsAtMostK() {
        ScopeVectors vectors = ScopeVectors.empty(V1)
                .with(
                        List.of(
                                new ScopeVectors.Row("east", 1, unit(1, 0)),
                                new ScopeVectors.Row("north", 2, unit(0, 1)),
                                new ScopeVectors.Row("north-east", 3, unit(1, 1))),
                        V1);
        byte[] query = Vectors.quantized(unit(1, 0.1f));

        List<VectorIndex.Hit> top = vectors.top(query, 2);

        assertEquals(
                List.of("east", "north-east"),
                top.stream().map(VectorIndex.Hit::factId).toList());
        assertTrue(top.get(0).cosine() > top.get(1).cosine());
    }

    @Test
    void aNewerVectorOfAFactReplacesItsOldOneAndOlderVersionsKeepTheirOwnView() {
        ScopeVectors first = ScopeVectors.empty(V1)
                .with(List.of(new ScopeVectors.Row("a", 1, unit(1, 0)), new ScopeVectors.Row("b", 2, unit(0, 1))), V1);
        ScopeVectors second = first.with(List.of(new ScopeVectors.Row("a", 4, unit(0, 1))), V2);
        byte[] north = Vectors.quantized(unit(0, 1));

        assertEquals(2, second.live());
        assertEquals(1.0, second.cosine("a", north), 0.02, "a's new vector points north");
        assertEquals(V2, second.version);
        assertEquals(2, second.top(north, 5).size(), "the old vector of a is dead, not a third hit");
    }

    @Test
    void forgottenFactsAreNoLongerFound() {
        ScopeVectors vectors = ScopeVectors.empty(V1)
                .with(List.of(new ScopeVectors.Row("a", 1, unit(1, 0)), new ScopeVectors.Row("b", 2, unit(0, 1))), V1);
        vectors.forget(List.of("a"));

        assertEquals(
                List.of("b"),
                vectors.top(Vectors.quantized(unit(1, 0)), 5).stream()
                        .map(VectorIndex.Hit::factId)
                        .toList());
        assertTrue(Float.isNaN(vectors.cosine("a", Vectors.quantized(unit(1, 0)))));
        assertEquals(1, vectors.live());
    }

    @Test
    void growingPastTheCapacityKeepsEveryVector() {
        ScopeVectors vectors = ScopeVectors.empty(V1);
        for (int i = 0; i < 100; i++) {
            vectors = vectors.with(
                    List.of(new ScopeVectors.Row("f" + i, i + 1, unit(1, i))),
                    new ScopeVectors.Version(Instant.EPOCH, 0, i + 1));
        }
        assertEquals(100, vectors.live());
        assertEquals("f0", vectors.top(Vectors.quantized(unit(1, 0)), 1).get(0).factId());
    }
}
