package dev.memoria.platform.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TimestampsTest {

    private static final DateTimeFormatter REFERENCE =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2026-11-30T12:34:56.789123Z",
                "1970-01-01T00:00:00Z",
                "0001-02-03T04:05:06.007Z",
                "9999-12-31T23:59:59.999999999Z",
                "2024-02-29T23:59:59.000999Z",
                "1969-12-31T23:59:59.5Z",
                "+10000-01-01T00:00:00Z",
                "-0001-06-30T12:00:00Z"
            })
    void writesRfc3339WithMillisecondsTruncated(String instant) {
        Instant at = Instant.parse(instant);
        assertEquals(REFERENCE.format(at), Timestamps.format(at));
    }

    @Test
    void writesTheExactText() {
        assertEquals("2026-11-30T12:34:56.789Z", Timestamps.format(Instant.parse("2026-11-30T12:34:56.789Z")));
    }
}
