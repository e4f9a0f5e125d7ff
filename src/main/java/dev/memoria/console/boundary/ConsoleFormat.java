package dev.memoria.console.boundary;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Formatting for templates ({@code ${fmt.time(x)}}): UTC times, rounded numbers, a dash for nothing. */
public final class ConsoleFormat {

    public static final ConsoleFormat INSTANCE = new ConsoleFormat();
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private ConsoleFormat() {}

    public String time(Instant instant) {
        return instant == null ? "—" : TIME.format(instant);
    }

    public String decimal(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    public String percent(double share) {
        return String.format(Locale.ROOT, "%.0f%%", share * 100);
    }

    public String text(String value) {
        return value == null || value.isEmpty() ? "—" : value;
    }
}
