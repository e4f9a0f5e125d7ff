package dev.memoria.platform.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TimeOrderedIdsTest {

    @Test
    void isAVersion7UuidCarryingTheCurrentTime() {
        long before = System.currentTimeMillis();
        UUID id = UUID.fromString(TimeOrderedIds.next());
        assertEquals(7, id.version());
        assertEquals(2, id.variant());
        long millis = id.getMostSignificantBits() >>> 16;
        // a burst of more than 4,096 ids in one millisecond borrows the next one, so allow a few ahead
        assertTrue(millis >= before && millis <= System.currentTimeMillis() + 10, "timestamp " + millis);
    }

    @Test
    void idsCreatedOneAfterAnotherSortOneAfterAnother() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            ids.add(TimeOrderedIds.next());
        }
        for (int i = 1; i < ids.size(); i++) {
            assertTrue(ids.get(i - 1).compareTo(ids.get(i)) < 0, ids.get(i - 1) + " before " + ids.get(i));
        }
        assertEquals(ids.size(), new HashSet<>(ids).size());
    }
}
