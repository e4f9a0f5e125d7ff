package dev.memoria.platform.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.memoria.platform.entity.DomainException;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PageCursorTest {

    @Test
    void roundTripsAtMicrosecondPrecision() {
        PageCursor cursor = new PageCursor(Instant.parse("2026-03-13T10:15:00.123456Z"), "5f0c-id");
        assertEquals(cursor, PageCursor.decode(cursor.encode()));
    }

    @Test
    void encodingIsUrlSafe() {
        String text = new PageCursor(Instant.parse("2026-03-13T10:15:00Z"), "id/with+chars?").encode();
        assertEquals(text, java.net.URLEncoder.encode(text, java.nio.charset.StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "not base64 at all", "MnwxMjN8aWQ", "MXxhYmN8aWQ", "MXwxMjN8"})
    void rejectsCursorsItDidNotIssue(String text) {
        DomainException problem = assertThrows(DomainException.class, () -> PageCursor.decode(text));
        assertEquals("cursor", problem.errors().get(0).field());
    }
}
