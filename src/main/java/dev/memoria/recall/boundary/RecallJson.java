package dev.memoria.recall.boundary;

import dev.memoria.fact.boundary.FactJson;
import dev.memoria.platform.control.Jsons;
import dev.memoria.recall.control.ContextBlock;
import dev.memoria.recall.control.RecallService;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Instant;

/** The wire form of a recall, shared by GET /recall and the recall tool: items with scores and context lines. */
public final class RecallJson {

    private RecallJson() {}

    public static JsonObject of(String query, RecallService.Answer answer, Instant now) {
        JsonArrayBuilder items = Jsons.createArrayBuilder();
        StringBuilder lines = new StringBuilder();
        for (RecallService.Recalled result : answer.items()) {
            RecallService.Signals signals = result.signals();
            JsonObjectBuilder signal = Jsons.createObjectBuilder().add("keyword", round(signals.keyword()));
            if (signals.semantic() == null) {
                signal.addNull("semantic");
            } else {
                signal.add("semantic", round(signals.semantic()));
            }
            items.add(Jsons.createObjectBuilder()
                    .add("fact", FactJson.of(result.fact(), now))
                    .add("score", round(result.score()))
                    .add(
                            "signals",
                            signal.add("importance", round(signals.importance()))
                                    .add("retention", round(signals.retention()))));
            lines.append(lines.isEmpty() ? "" : "\n")
                    .append('[')
                    .append(result.fact().type().wireName())
                    .append("] ")
                    .append(ContextBlock.oneLine(result.fact().content()));
        }
        return Jsons.createObjectBuilder()
                .add("query", query)
                .add("mode", answer.mode().wireName())
                .add("items", items)
                .add("context", lines.toString())
                .build();
    }

    private static double round(double value) {
        return Math.round(value * 1e6) / 1e6;
    }
}
