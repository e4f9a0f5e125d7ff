package dev.memoria.platform.control;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Slows whoever keeps failing (a client guessing passwords or sending bad tokens, a name being guessed at): the
 * first few failures of a key cost nothing, then each one blocks the key for a doubling wait, from thirty seconds up
 * to fifteen minutes; a success clears it. Kept in memory, per server and bounded: behind n servers a key may fail n times
 * as often, and a forgotten key starts afresh, which only ever favours the key's owner.
 */
@ApplicationScoped
public class FailureThrottle {

    public static final Duration FIRST_BLOCK = Duration.ofSeconds(30);
    public static final Duration MAX_BLOCK = Duration.ofMinutes(15);

    /** What one key has done lately. */
    private static final class Record {
        int failures;
        Instant blockedUntil = Instant.MIN;
    }

    @Inject
    Clock clock;

    private final Cache<String, Record> records = Caffeine.newBuilder()
            .expireAfterWrite(Duration.ofHours(1))
            .maximumSize(100_000)
            .build();

    /** How long {@code key} must still wait before it may try again; zero when it may try now. */
    public Duration wait(String key) {
        Record record = records.getIfPresent(key);
        if (record == null) {
            return Duration.ZERO;
        }
        synchronized (record) {
            Duration left = Duration.between(clock.instant(), record.blockedUntil);
            return left.isNegative() ? Duration.ZERO : left;
        }
    }

    /** Counts a failure of {@code key}; after {@code freeFailures} of them in a row, the key waits. */
    public void failed(String key, int freeFailures) {
        Record record = records.get(key, ignored -> new Record());
        synchronized (record) {
            record.failures++;
            Instant until = blockedUntil(record.failures, freeFailures, clock.instant());
            if (until != null) {
                record.blockedUntil = until;
            }
        }
    }

    /** The key did what it tried: its failures are forgotten. */
    public void succeeded(String key) {
        records.invalidate(key);
    }

    /** Until when a key is blocked after its {@code failures}-th failure in a row (null: not blocked). */
    static Instant blockedUntil(int failures, int freeFailures, Instant now) {
        if (failures < freeFailures) {
            return null;
        }
        int doublings = Math.min(failures - freeFailures, 20);
        return now.plusSeconds(Math.min(FIRST_BLOCK.toSeconds() << doublings, MAX_BLOCK.toSeconds()));
    }

    /** Whole seconds to put in {@code Retry-After} for a wait: at least one. */
    public static long retryAfterSeconds(Duration wait) {
        return Math.max(1, (wait.toMillis() + 999) / 1000);
    }
}
