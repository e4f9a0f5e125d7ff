package dev.memoria.scope.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.memoria.platform.entity.DomainException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ScopeTest {

    @ParameterizedTest
    @ValueSource(strings = {"global", "user:42", "agent:support-bot:user:42", "a.b_c@d-e", "a:b:c:d:e:f:g:h"})
    void acceptsWellFormedScopes(String text) {
        assertNull(Scope.problemWith(text));
        assertEquals(text, Scope.of(text).value());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                ":",
                "a:",
                ":a",
                "a::b",
                ".",
                "..",
                "a:..",
                "user 42",
                "user#1",
                "ü",
                "a/b",
                "a:b:c:d:e:f:g:h:i"
            })
    void rejectsMalformedScopes(String text) {
        DomainException problem = assertThrows(DomainException.class, () -> Scope.of(text));
        assertEquals(DomainException.Kind.INVALID, problem.kind());
        assertEquals("scope", problem.errors().get(0).field());
    }

    @Test
    void segmentsAreAtMost64Characters() {
        assertNull(Scope.problemWith("x".repeat(64)));
        assertTrue(Scope.problemWith("x".repeat(65)) != null);
    }

    @Test
    void coverageIsSegmentBySegment() {
        Scope user42 = Scope.of("user:42");
        assertTrue(Scope.of("user:42").isWithin(user42));
        assertTrue(Scope.of("user:42:project:x").isWithin(user42));
        assertFalse(Scope.of("user:421").isWithin(user42));
        assertFalse(Scope.of("user").isWithin(user42));
        assertFalse(Scope.of("global").isWithin(user42));
    }

    @Test
    void aListOfScopesIsDistinctValidAndBounded() {
        assertEquals(
                java.util.List.of(Scope.of("user:42"), Scope.of("global")),
                Scope.distinctList(" user:42 ,global,user:42", 10));
        DomainException invalid = assertThrows(DomainException.class, () -> Scope.distinctList("user:42,,global", 10));
        assertEquals("scopes", invalid.errors().get(0).field());
        assertThrows(DomainException.class, () -> Scope.distinctList("user:..", 10));
        assertThrows(DomainException.class, () -> Scope.distinctList("a,b,c", 2));
    }
}
