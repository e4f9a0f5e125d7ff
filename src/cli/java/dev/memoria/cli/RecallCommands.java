package dev.memoria.cli;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The commands that read memory for a question: recall, keyword search, and the prompt-ready context. */
final class RecallCommands {

    private RecallCommands() {}

    @Command(name = "recall", description = "Recall by meaning and keywords, best first.")
    static final class Recall extends CliCommand {
        @Parameters(paramLabel = "QUERY")
        String query;

        @Option(names = "--limit", defaultValue = "5")
        int limit;

        @Override
        public Integer call() throws IOException, InterruptedException {
            return scored(
                    this, client().getJson(scopePath("recall?limit=" + limit + "&q=" + ServerClient.encode(query))));
        }
    }

    @Command(name = "search", description = "BM25 keyword search, best first.")
    static final class Search extends CliCommand {
        @Parameters(paramLabel = "QUERY")
        String query;

        @Option(names = "--top-k", defaultValue = "10")
        int topK;

        @Override
        public Integer call() throws IOException, InterruptedException {
            return scored(
                    this, client().getJson(scopePath("search?top_k=" + topK + "&q=" + ServerClient.encode(query))));
        }
    }

    private static int scored(CliCommand command, JsonObject answer) {
        List<JsonObject> facts = new ArrayList<>();
        List<Double> scores = new ArrayList<>();
        for (JsonObject item : answer.getJsonArray("items").getValuesAs(JsonObject.class)) {
            // recall answers {fact, score} items; search answers the facts themselves, best first
            facts.add(item.containsKey("fact") ? item.getJsonObject("fact") : item);
            if (item.containsKey("score")) {
                scores.add(item.getJsonNumber("score").doubleValue());
            }
        }
        command.output().facts(answer, facts, scores.isEmpty() ? null : scores);
        return CliCommand.OK;
    }

    @Command(name = "context", description = "The prompt-ready memory block of the scope.")
    static final class Context extends CliCommand {
        @Option(names = "-q", description = "Add what is relevant to this query.")
        String query;

        @Option(names = "--max-tokens")
        Integer maxTokens;

        @Override
        public Integer call() throws IOException, InterruptedException {
            List<String> params = new ArrayList<>();
            if (query != null) {
                params.add("q=" + ServerClient.encode(query));
            }
            if (maxTokens != null) {
                params.add("max_tokens=" + maxTokens);
            }
            String text =
                    client().getText(scopePath("context" + (params.isEmpty() ? "" : "?" + String.join("&", params))));
            if (json()) {
                output().json(Json.createObjectBuilder().add("context", text).build());
            } else {
                output().line(text.stripTrailing());
            }
            return OK;
        }
    }
}
