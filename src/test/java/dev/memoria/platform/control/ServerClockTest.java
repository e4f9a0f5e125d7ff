package dev.memoria.platform.control;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ServerClockTest {

    private static ServerClock serverClock(boolean testHooks) {
        ServerClock serverClock = new ServerClock();
        serverClock.movable = testHooks;
        serverClock.choose();
        return serverClock;
    }

    @Test
    void aTestServersClockMovesForwardByWhatItIsTold() {
        ServerClock serverClock = serverClock(true);
        Clock clock = serverClock.clock();
        Instant before = Instant.now();
        serverClock.advance(Duration.ofHours(2));
        serverClock.advance(Duration.ofHours(1));
        Instant moved = clock.instant();
        assertTrue(
                !moved.isBefore(before.plus(Duration.ofHours(3)))
                        && moved.isBefore(
                                Instant.now().plus(Duration.ofHours(3)).plusSeconds(1)),
                "three hours ahead of the system clock: " + moved);
    }

    @Test
    void aTestServersClockNeverGoesBack() {
        ServerClock serverClock = serverClock(true);
        assertThrows(IllegalStateException.class, () -> serverClock.advance(Duration.ofSeconds(-1)));
    }

    @Test
    void aProductionClockIsTheSystemsAndCannotBeMoved() {
        ServerClock serverClock = serverClock(false);
        assertTrue(
                serverClock.clock() == Clock.systemUTC() || serverClock.clock().equals(Clock.systemUTC()));
        assertThrows(IllegalStateException.class, () -> serverClock.advance(Duration.ofSeconds(1)));
    }
}
