package dev.memoria.fact.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RetentionCurveTest {

    private static final Instant T0 = Instant.parse("2026-03-01T00:00:00Z");

    @Test
    void followsTheContractFormula() {
        Instant later = T0.plus(Duration.ofHours(100));
        double expected = Math.exp(-100 / (336 * 0.5 * (1 + Math.log(1 + 3))));
        assertEquals(expected, RetentionCurve.retention(false, 0.5, 3, T0, later), 1e-12);
    }

    @Test
    void importanceOneLosesToOneOverEInTwoWeeks() {
        assertEquals(Math.exp(-1), RetentionCurve.retention(false, 1.0, 0, T0, T0.plus(Duration.ofHours(336))), 1e-12);
    }

    @Test
    void persistentFactsNeverFade() {
        assertEquals(1.0, RetentionCurve.retention(true, 0.0, 0, T0, T0.plus(Duration.ofDays(3650))));
    }

    @Test
    void useSlowsForgetting() {
        Instant later = T0.plus(Duration.ofDays(7));
        assertTrue(RetentionCurve.retention(false, 0.5, 10, T0, later)
                > RetentionCurve.retention(false, 0.5, 0, T0, later));
    }

    @Test
    void zeroImportanceIsForgottenAtOnce() {
        assertEquals(1.0, RetentionCurve.retention(false, 0.0, 0, T0, T0));
        assertEquals(0.0, RetentionCurve.retention(false, 0.0, 0, T0, T0.plusSeconds(1)));
    }
}
