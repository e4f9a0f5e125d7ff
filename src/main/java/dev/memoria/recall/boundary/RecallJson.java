package dev.memoria.recall.boundary;

import dev.memoria.fact.boundary.FactJson;
import dev.memoria.platform.control.Jsons;
import dev.memoria.recall.control.ContextBlock;
import dev.memoria.recall.control.RecallService;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;

import java.time.Instant;
import java.util.List;

/** The wire form of a recall, shared by GET /recall and the recall tool: items with scores and context lines. */
public final class RecallJson {

    private RecallJson() {
    }

    public static JsonObject of(String query, List<RecallService.Recalled> results, Instant now) {
        JsonArrayBuilder items = Jsons.createArrayBuilder();
        StringBuilder lines = new StringBuilder();
        for (RecallService.Recalled result : results) {
            items.add(Jsons.createObjectBuilder()
                    .add("fact", FactJson.of(result.fact(), now))
                    .add("score", Math.round(result.score() * 1e6) / 1e6));
            lines.append(lines.isEmpty() ? "" : "\n").append('[').append(result.fact().type().wireName()).append("] ")
                    .append(ContextBlock.oneLine(result.fact().content()));
        }
        return Jsons.createObjectBuilder().add("query", query).add("items", items).add("context", lines.toString()).build();
    }
}
