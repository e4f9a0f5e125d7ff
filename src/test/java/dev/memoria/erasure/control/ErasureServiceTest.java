package dev.memoria.erasure.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.memoria.scope.entity.Scope;
import org.junit.jupiter.api.Test;

class ErasureServiceTest {

    private static boolean holds(String scope, String subject) {
        return ErasureService.holds(Scope.of(scope), Scope.of(subject));
    }

    @Test
    void aScopeHoldsTheSubjectWhenItsSegmentsFollowEachOtherAnywhere() {
        assertTrue(holds("user:42", "user:42"));
        assertTrue(holds("user:42:project:x", "user:42"));
        assertTrue(holds("agent:support-bot:user:42", "user:42"));
        assertTrue(holds("agent:bot:user:42:session:7", "user:42"));
    }

    @Test
    void aSegmentIsMatchedWholeAndInOrder() {
        assertFalse(holds("user:421", "user:42"), "a longer segment is another subject");
        assertFalse(holds("user:4", "user:42"));
        assertFalse(holds("user:7:team:42", "user:42"), "the segments must follow each other");
        assertFalse(holds("42:user", "user:42"));
        assertFalse(holds("user", "user:42"));
    }
}
