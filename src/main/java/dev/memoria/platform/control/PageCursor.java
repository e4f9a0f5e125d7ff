package dev.memoria.platform.control;

import dev.memoria.platform.entity.DomainException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;

/**
 * An opaque keyset position "after (time, id)" for newest-first lists: stable under concurrent inserts,
 * unlike offsets. Clients must treat the text as opaque.
 */
public record PageCursor(Instant time, String id) {

    private static final String VERSION = "1";

    public String encode() {
        long micros = ChronoUnit.MICROS.between(Instant.EPOCH, time);
        String plain = VERSION + "|" + micros + "|" + id;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(plain.getBytes(StandardCharsets.UTF_8));
    }

    public static PageCursor decode(String text) {
        try {
            String plain = new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8);
            String[] parts = plain.split("\\|", 3);
            if (parts.length != 3 || !parts[0].equals(VERSION) || parts[2].isEmpty()) {
                throw new IllegalArgumentException("shape");
            }
            return new PageCursor(Instant.EPOCH.plus(Long.parseLong(parts[1]), ChronoUnit.MICROS), parts[2]);
        } catch (IllegalArgumentException | ArithmeticException | java.time.DateTimeException e) {
            throw DomainException.invalid("cursor", "is not a cursor this server issued");
        }
    }
}
