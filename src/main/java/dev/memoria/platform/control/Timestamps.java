package dev.memoria.platform.control;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/** Time as the database keeps it (microseconds) and as the API writes it (RFC 3339 UTC, milliseconds). */
public final class Timestamps {

    private static final DateTimeFormatter RFC_3339 =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private Timestamps() {
    }

    public static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }

    public static String format(Instant instant) {
        return instant == null ? null : RFC_3339.format(instant);
    }
}
