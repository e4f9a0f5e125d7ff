package dev.memoria.platform.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class FailureThrottleTest {

    private static final Instant NOW = Instant.parse("2026-12-06T10:00:00Z");

    @Test
    void theFreeFailuresCostNothing() {
        for (int failures = 1; failures < 5; failures++) {
            assertNull(FailureThrottle.blockedUntil(failures, 5, NOW));
        }
    }

    @Test
    void laterFailuresWaitDoublingFromThirtySecondsToFifteenMinutes() {
        assertEquals(NOW.plusSeconds(30), FailureThrottle.blockedUntil(5, 5, NOW));
        assertEquals(NOW.plusSeconds(60), FailureThrottle.blockedUntil(6, 5, NOW));
        assertEquals(NOW.plusSeconds(480), FailureThrottle.blockedUntil(9, 5, NOW));
        assertEquals(NOW.plusSeconds(900), FailureThrottle.blockedUntil(10, 5, NOW));
        assertEquals(NOW.plusSeconds(900), FailureThrottle.blockedUntil(1000, 5, NOW));
    }

    @Test
    void aKeyWaitsAfterItsFreeFailuresAndASuccessClearsIt() {
        FailureThrottle throttle = new FailureThrottle();
        throttle.clock = Clock.fixed(NOW, ZoneOffset.UTC);
        for (int i = 0; i < 2; i++) {
            throttle.failed("client", 3);
        }
        assertEquals(Duration.ZERO, throttle.wait("client"));
        throttle.failed("client", 3);
        assertEquals(Duration.ofSeconds(30), throttle.wait("client"));
        assertEquals(Duration.ZERO, throttle.wait("another client"));
        throttle.succeeded("client");
        assertEquals(Duration.ZERO, throttle.wait("client"));
    }

    @Test
    void aWaitEndsWhenItsTimeHasPassed() {
        FailureThrottle throttle = new FailureThrottle();
        throttle.clock = Clock.fixed(NOW, ZoneOffset.UTC);
        throttle.failed("client", 1);
        throttle.clock = Clock.fixed(NOW.plusSeconds(31), ZoneOffset.UTC);
        assertEquals(Duration.ZERO, throttle.wait("client"));
    }
}
