package dev.memoria.fact.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.memoria.platform.entity.DomainException;
import org.junit.jupiter.api.Test;

/** A type named in a query or a form (GET /facts, /recall, the console's filter) is read one way. */
class FactTypeTest {

    @Test
    void theThreeWireNamesAbsentOrNothingElse() {
        assertEquals(FactType.EPISODIC, FactType.parameter("episodic"));
        assertEquals(FactType.PROCEDURAL, FactType.parameter(" procedural "));
        assertNull(FactType.parameter(null));
        assertNull(FactType.parameter("  "));
        DomainException refused = assertThrows(DomainException.class, () -> FactType.parameter("SEMANTIC"));
        assertEquals("type", refused.errors().get(0).field());
        assertEquals(
                "must be one of semantic, episodic, procedural",
                refused.errors().get(0).message());
    }
}
