package dev.memoria.recall.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.memoria.fact.entity.Fact;
import dev.memoria.recall.control.RecallService.Recalled;
import dev.memoria.recall.control.RecallService.Signals;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecallServiceTest {

    private static Recalled recalled(String scope, String content, String day, double score) {
        return new Recalled(
                new Fact(scope, content, Instant.parse(day + "T09:00:00Z")), score, new Signals(score, score, 0.5, 1));
    }

    @Test
    void ofTwoScopesValuesOfOneFrameTheNewerRanksFirstAndScoresStayBestFirst() {
        List<Recalled> ranked = List.of(
                recalled("agent:bot:user:1", "Standup is at 9:30", "2026-01-10", 0.8),
                recalled("global", "The office opens at 8", "2026-01-01", 0.6),
                recalled("user:1", "Standup is at 10:15", "2026-03-02", 0.5));

        List<Recalled> ordered = RecallService.newestFirstAcrossScopes(ranked);

        assertEquals(
                List.of("Standup is at 10:15", "Standup is at 9:30", "The office opens at 8"),
                ordered.stream().map(r -> r.fact().content()).toList());
        assertEquals(
                List.of(0.8, 0.6, 0.5), ordered.stream().map(Recalled::score).toList());
    }

    @Test
    void oneScopesOwnFactsKeepTheirRank() {
        List<Recalled> ranked = List.of(
                recalled("user:1", "Standup is at 9:30", "2026-01-10", 0.8),
                recalled("user:1", "Standup is at 10:15", "2026-03-02", 0.5));
        assertEquals(ranked, RecallService.newestFirstAcrossScopes(ranked));
    }
}
