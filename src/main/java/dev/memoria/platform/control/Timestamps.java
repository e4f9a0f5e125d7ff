package dev.memoria.platform.control;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/** Time as the database keeps it (microseconds) and as the API writes it (RFC 3339 UTC, milliseconds). */
public final class Timestamps {

    private static final DateTimeFormatter RFC_3339 =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private Timestamps() {}

    /** Now as the database keeps it, read from the server's clock ({@link ServerClock}). */
    public static Instant now(Clock clock) {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }

    /** Writes the fields by hand for four-digit years: the formatter cost 5% of a recall's allocations. */
    public static String format(Instant instant) {
        if (instant == null) {
            return null;
        }
        LocalDateTime time = LocalDateTime.ofEpochSecond(instant.getEpochSecond(), instant.getNano(), ZoneOffset.UTC);
        if (time.getYear() < 0 || time.getYear() > 9999) {
            return RFC_3339.format(instant);
        }
        char[] text = "0000-00-00T00:00:00.000Z".toCharArray();
        digits(text, 0, 4, time.getYear());
        digits(text, 5, 2, time.getMonthValue());
        digits(text, 8, 2, time.getDayOfMonth());
        digits(text, 11, 2, time.getHour());
        digits(text, 14, 2, time.getMinute());
        digits(text, 17, 2, time.getSecond());
        digits(text, 20, 3, time.getNano() / 1_000_000);
        return new String(text);
    }

    private static void digits(char[] text, int at, int width, int value) {
        for (int i = at + width - 1; i >= at; i--) {
            text[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }
}
