package dev.memoria.fact.entity;

import java.time.Duration;
import java.time.Instant;

/**
 * Ebbinghaus forgetting curve: retention = e^(-h / s), h hours since last use, strength
 * s = 336 x importance x (1 + ln(1 + access_count)). 336 hours makes an untouched fact of importance 1
 * fall to 1/e in two weeks; each use makes it last longer.
 */
public final class RetentionCurve {

    static final double BASE_STRENGTH_HOURS = 336.0;

    private RetentionCurve() {}

    public static double retention(
            boolean persistent, double importance, int accessCount, Instant lastUse, Instant now) {
        if (persistent) {
            return 1.0;
        }
        double hours = Math.max(0, Duration.between(lastUse, now).toMillis()) / 3_600_000.0;
        double strength = BASE_STRENGTH_HOURS * importance * (1 + Math.log1p(accessCount));
        if (strength <= 0) {
            return hours == 0 ? 1.0 : 0.0;
        }
        return Math.exp(-hours / strength);
    }
}
