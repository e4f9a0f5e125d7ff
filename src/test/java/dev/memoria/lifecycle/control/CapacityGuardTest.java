package dev.memoria.lifecycle.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.memoria.fact.entity.FactStanding;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class CapacityGuardTest {

    private static final Instant NOW = Instant.parse("2026-12-06T10:00:00Z");
    private static final Instant DAY_AGO = NOW.minusSeconds(86_400);

    @Test
    void expiredThenSupersededGoBeforeAnyCurrentFactWhateverItsImportance() {
        FactStanding currentButWeak = standing("current, weak", false, 0.05, null, null);
        FactStanding staleButStrong = standing("superseded, strong", false, 1.0, null, DAY_AGO);
        FactStanding stalePersistent = standing("superseded, persistent", true, 1.0, null, DAY_AGO);
        FactStanding expired = standing("expired", true, 1.0, DAY_AGO, null);
        FactStanding currentPersistent = standing("current, persistent", true, 0.05, null, null);
        FactStanding endsLater = standing("superseded from tomorrow", false, 0.1, null, NOW.plusSeconds(86_400));
        List<String> order =
                List.of(currentPersistent, currentButWeak, staleButStrong, endsLater, expired, stalePersistent).stream()
                        .sorted(CapacityGuard.evictionOrder(NOW))
                        .map(FactStanding::id)
                        .toList();
        assertEquals(
                List.of(
                        "expired",
                        "superseded, strong",
                        "superseded, persistent",
                        "current, weak",
                        "superseded from tomorrow",
                        "current, persistent"),
                order);
    }

    private static FactStanding standing(
            String id, boolean persistent, double importance, Instant expiresAt, Instant validTo) {
        return new FactStanding(id, persistent, importance, 0, DAY_AGO, null, expiresAt, validTo);
    }
}
