package dev.memoria.platform.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class QuietLogTest {

    /** A clock the test moves. */
    private static final class Moving extends Clock {
        Instant now = Instant.parse("2026-12-06T10:00:00Z");

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @Test
    void aFloodFromOneClientWritesOneLineAMinuteWithTheCountHeldBack() {
        Logger logger = Logger.getAnonymousLogger();
        logger.setUseParentHandlers(false);
        List<String> lines = new ArrayList<>();
        logger.addHandler(new Handler() {
            @Override
            public void publish(LogRecord record) {
                lines.add(record.getMessage());
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        });
        Moving clock = new Moving();
        QuietLog log = new QuietLog(logger, clock);
        for (int i = 0; i < 1000; i++) {
            log.warn("10.0.0.1", held -> "bad token, " + held + " held back");
        }
        log.warn("10.0.0.2", held -> "another client, " + held + " held back");
        assertEquals(List.of("bad token, 0 held back", "another client, 0 held back"), lines);
        clock.now = clock.now.plus(Duration.ofSeconds(61));
        log.warn("10.0.0.1", held -> "bad token, " + held + " held back");
        assertEquals("bad token, 999 held back", lines.get(2));
    }
}
