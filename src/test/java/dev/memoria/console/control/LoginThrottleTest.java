package dev.memoria.console.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class LoginThrottleTest {

    private static final Instant NOW = Instant.parse("2026-03-13T10:00:00Z");

    @Test
    void theFirstFewMistakesCostNothing() {
        for (int failures = 1; failures < LoginThrottle.FREE_FAILURES; failures++) {
            assertNull(LoginThrottle.blockedUntil(failures, NOW));
        }
    }

    @Test
    void thenEachMistakeDoublesTheWaitUpToFifteenMinutes() {
        assertEquals(NOW.plusSeconds(1), LoginThrottle.blockedUntil(5, NOW));
        assertEquals(NOW.plusSeconds(2), LoginThrottle.blockedUntil(6, NOW));
        assertEquals(NOW.plusSeconds(256), LoginThrottle.blockedUntil(13, NOW));
        assertEquals(NOW.plusSeconds(900), LoginThrottle.blockedUntil(15, NOW));
        assertEquals(NOW.plusSeconds(900), LoginThrottle.blockedUntil(1000, NOW));
    }
}
