package dev.memoria.recall.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.memoria.fact.entity.Fact;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContextServiceTest {

    private static Fact fact(String content, String day) {
        return new Fact("user:1", content, Instant.parse(day + "T09:00:00Z"));
    }

    @Test
    void twoValuesOfOneFrameShowTheNewerFirstAndBothDated() {
        Fact mondays = fact("Therapy is on Mondays at 5pm", "2026-01-05");
        Fact tea = fact("User likes green tea", "2026-02-01");
        Fact fridays = fact("Therapy is on Fridays at 6pm", "2026-03-02");

        List<ContextBlock.RelevantFact> lines = ContextService.relevant(List.of(mondays, tea, fridays), false);

        assertEquals(
                List.of("Therapy is on Fridays at 6pm", "Therapy is on Mondays at 5pm", "User likes green tea"),
                lines.stream().map(ContextBlock.RelevantFact::content).toList());
        assertEquals(Instant.parse("2026-03-02T09:00:00Z"), lines.get(0).since());
        assertNotNull(lines.get(1).since());
        assertNull(lines.get(2).since(), "a fact no other fact disputes keeps its plain line");
    }

    @Test
    void factsOfSeveralScopesAreAllDatedAndKeepTheirRank() {
        Fact tea = fact("User likes green tea", "2026-02-01");
        Fact go = fact("User writes Go", "2026-03-01");
        List<ContextBlock.RelevantFact> lines = ContextService.relevant(List.of(tea, go), true);
        assertEquals("User likes green tea", lines.get(0).content());
        assertNotNull(lines.get(0).since());
        assertNotNull(lines.get(1).since());
    }
}
