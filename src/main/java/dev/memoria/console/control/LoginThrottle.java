package dev.memoria.console.control;

import java.time.Duration;
import java.time.Instant;

/**
 * Slows password guessing: the first few wrong passwords cost nothing more than the hash, after that
 * each one blocks the account for a doubling wait, capped at fifteen minutes.
 */
public final class LoginThrottle {

    public static final int FREE_FAILURES = 5;
    public static final Duration MAX_BLOCK = Duration.ofMinutes(15);

    private LoginThrottle() {}

    /** Until when the account is blocked after its {@code failures}-th consecutive wrong password (null: not). */
    public static Instant blockedUntil(int failures, Instant now) {
        if (failures < FREE_FAILURES) {
            return null;
        }
        int doublings = Math.min(failures - FREE_FAILURES, 20);
        long seconds = Math.min(1L << doublings, MAX_BLOCK.toSeconds());
        return now.plusSeconds(seconds);
    }
}
