package dev.memoria.console.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ConsoleFormatTest {

    private static final Instant NOW = Instant.parse("2026-03-13T12:00:00Z");

    @Test
    void aTimeReadsOnOneLineRelativeToNow() {
        assertEquals("just now", ConsoleFormat.relative(NOW.minusSeconds(59), NOW));
        assertEquals("5 min ago", ConsoleFormat.relative(NOW.minusSeconds(300), NOW));
        assertEquals("3 h ago", ConsoleFormat.relative(NOW.minusSeconds(3 * 3600 + 59), NOW));
        assertEquals("2 d ago", ConsoleFormat.relative(NOW.minusSeconds(2 * 86_400), NOW));
        assertEquals("in 2 d", ConsoleFormat.relative(NOW.plusSeconds(2 * 86_400 + 5), NOW));
        assertEquals("2026-01-01", ConsoleFormat.relative(Instant.parse("2026-01-01T08:00:00Z"), NOW));
        assertEquals("—", ConsoleFormat.relative(null, NOW));
    }
}
