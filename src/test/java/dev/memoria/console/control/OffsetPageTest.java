package dev.memoria.console.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class OffsetPageTest {

    @Test
    void theExtraRowMeansANextPage() {
        OffsetPage<Integer> page = OffsetPage.of(1, 3, List.of(1, 2, 3, 4));
        assertEquals(List.of(1, 2, 3), page.items());
        assertTrue(page.hasNext());
        assertFalse(page.hasPrevious());
        assertEquals(2, page.next());
    }

    @Test
    void aShortPageIsTheLast() {
        OffsetPage<Integer> page = OffsetPage.of(2, 3, List.of(4, 5));
        assertFalse(page.hasNext());
        assertTrue(page.hasPrevious());
        assertEquals(1, page.previous());
        assertTrue(OffsetPage.of(1, 3, List.of()).isEmpty());
    }

    @Test
    void pageNumbersFromTheQueryStringAreForgiving() {
        assertEquals(1, OffsetPage.number(null));
        assertEquals(1, OffsetPage.number(""));
        assertEquals(1, OffsetPage.number("abc"));
        assertEquals(1, OffsetPage.number("-4"));
        assertEquals(1, OffsetPage.number("0"));
        assertEquals(7, OffsetPage.number(" 7 "));
        assertEquals(OffsetPage.MAX_PAGE, OffsetPage.number("99999999"));
        assertEquals(1, OffsetPage.number("99999999999999"));
    }

    @Test
    void offsetsCountWholePages() {
        assertEquals(0, OffsetPage.offset(1, 25));
        assertEquals(50, OffsetPage.offset(3, 25));
    }
}
