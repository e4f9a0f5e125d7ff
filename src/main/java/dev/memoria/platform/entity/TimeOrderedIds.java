package dev.memoria.platform.entity;

import java.security.SecureRandom;
import java.util.UUID;

/**
 * Row ids as version 7 UUIDs (RFC 9562): a millisecond timestamp first, then a counter, then random bits.
 * Ids created one after the other sort one after the other, so every index led by an id grows at its
 * right edge: with random ids each batch of writes touched, and the embedded database rewrote, nearly
 * every page of those indexes.
 */
public final class TimeOrderedIds {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int COUNTER_BITS = 12;

    private static long lastMillis;
    private static int counter;

    private TimeOrderedIds() {}

    public static String next() {
        long millis;
        int sequence;
        synchronized (TimeOrderedIds.class) {
            long now = System.currentTimeMillis();
            if (now > lastMillis) {
                lastMillis = now;
                counter = 0;
            } else if (++counter >= 1 << COUNTER_BITS) {
                lastMillis++; // the counter ran out within one millisecond: borrow the next one
                counter = 0;
            }
            millis = lastMillis;
            sequence = counter;
        }
        long high = (millis << 16) | (0x7L << 12) | sequence;
        long low = (RANDOM.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
        return new UUID(high, low).toString();
    }
}
