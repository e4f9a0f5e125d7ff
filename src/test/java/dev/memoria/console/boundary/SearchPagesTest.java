package dev.memoria.console.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SearchPagesTest {

    @Test
    void aPastedTextIsCheckedAsTheApiWouldHaveStoredIt() {
        assertEquals(List.of("Time zone: Lisbon"), List.copyOf(SearchPages.variants("Time zone: Lisbon")));
        assertEquals(
                List.of("Time zone: Lisbon", " Time zone: Lisbon\n"),
                List.copyOf(SearchPages.variants(" Time zone: Lisbon\n")));
        assertEquals(List.of("one\ntwo", "one\r\ntwo"), List.copyOf(SearchPages.variants("one\r\ntwo")));
    }
}
