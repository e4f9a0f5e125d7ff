package dev.memoria.console.boundary;

import dev.memoria.platform.control.Timestamps;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Formatting for templates ({@code ${fmt.time(x)}}): UTC times, rounded numbers, a dash for nothing. */
public final class ConsoleFormat {

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private static final DateTimeFormatter DAY =
            DateTimeFormatter.ofPattern("uuuu-MM-dd").withZone(ZoneOffset.UTC);

    private static final DateTimeFormatter CLOCK =
            DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private final Clock clock;

    ConsoleFormat(Clock clock) {
        this.clock = clock;
    }

    public String time(Instant instant) {
        return utc(instant);
    }

    static String utc(Instant instant) {
        return instant == null ? "—" : TIME.format(instant);
    }

    /** A time on one line relative to now ("5 min ago", "in 2 d"); past a month, the date. */
    public String relative(Instant instant) {
        return relative(instant, Timestamps.now(clock));
    }

    static String relative(Instant instant, Instant now) {
        if (instant == null) {
            return "—";
        }
        long seconds = java.time.Duration.between(instant, now).getSeconds();
        long size = Math.abs(seconds);
        String amount;
        if (size < 60) {
            return "just now";
        } else if (size < 3600) {
            amount = size / 60 + " min";
        } else if (size < 86_400) {
            amount = size / 3600 + " h";
        } else if (size < 31L * 86_400) {
            amount = size / 86_400 + " d";
        } else {
            return DAY.format(instant);
        }
        return seconds >= 0 ? amount + " ago" : "in " + amount;
    }

    /** The time of day alone, where the day is already said (the daily log's day). */
    public String clock(Instant instant) {
        return instant == null ? "—" : CLOCK.format(instant);
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

    /** "1 fact", "2 facts", with the thousands separated. */
    public String count(long count, String one, String many) {
        return String.format(Locale.ROOT, "%,d %s", count, count == 1 ? one : many);
    }
}
