package dev.memoria.fact.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class UnrecordedUsesTest {

    @Test
    void usesAreUnrecordedOnlyDuringTheLook() {
        assertFalse(UnrecordedUses.active());
        assertEquals("inner", UnrecordedUses.during(() -> {
            assertTrue(UnrecordedUses.active());
            String inner = UnrecordedUses.during(() -> "inner");
            assertTrue(UnrecordedUses.active(), "a nested look leaves the outer one unrecorded");
            return inner;
        }));
        assertFalse(UnrecordedUses.active(), "the next request on this thread records again");
    }

    @Test
    void aFailedLookStillEnds() {
        assertThrows(
                IllegalStateException.class,
                () -> UnrecordedUses.during(() -> {
                    throw new IllegalStateException("recall failed");
                }));
        assertFalse(UnrecordedUses.active());
    }
}
