package dev.memoria.cli;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The commands of a whole scope: the tenant's scopes, a scope's daily log, its stats, decay and clearing it. */
final class ScopeCommands {

    private ScopeCommands() {}

    @Command(name = "scopes", description = "The scopes of the tenant this token may see.")
    static final class Scopes extends CliCommand {
        @Override
        public Integer call() throws IOException, InterruptedException {
            JsonObject answer = client().getJson("api/v1/scopes");
            if (json()) {
                output().json(answer);
                return OK;
            }
            List<List<String>> rows = new ArrayList<>();
            for (JsonObject item : answer.getJsonArray("items").getValuesAs(JsonObject.class)) {
                rows.add(List.of(
                        item.getString("scope"),
                        Output.text(item.get("facts")),
                        Output.text(item.get("persistent_facts")),
                        Output.text(item.get("log_entries")),
                        Output.text(item.getOrDefault("updated_at", JsonValue.NULL))));
            }
            output().table(List.of("SCOPE", "FACTS", "PERSISTENT", "LOG ENTRIES", "UPDATED"), rows);
            return OK;
        }
    }

    @Command(name = "logs", description = "The scope's daily log: recent entries, newest first, or one day's.")
    static final class Logs extends CliCommand {
        @Parameters(arity = "0..1", paramLabel = "DAY", description = "One day (yyyy-mm-dd), oldest entry first.")
        LocalDate day;

        @Option(names = "--days", defaultValue = "7", description = "Of the last N days (default ${DEFAULT-VALUE}).")
        int days;

        @Option(names = "--limit", defaultValue = "50", description = "At most this many (default ${DEFAULT-VALUE}).")
        int limit;

        @Override
        public Integer call() throws IOException, InterruptedException {
            List<JsonObject> entries = new ArrayList<>();
            if (day != null) {
                String lines = client().getText(scopePath("logs/" + day));
                lines.lines().filter(line -> !line.isBlank()).forEach(line -> entries.add(ServerClient.parse(line)));
                if (json()) {
                    entries.forEach(output()::json);
                    return OK;
                }
            } else {
                JsonObject answer = client().getJson(scopePath("logs?days=" + days + "&limit=" + limit));
                if (json()) {
                    output().json(answer);
                    return OK;
                }
                entries.addAll(answer.getJsonArray("items").getValuesAs(JsonObject.class));
            }
            List<List<String>> rows = new ArrayList<>();
            for (JsonObject entry : entries) {
                rows.add(List.of(
                        entry.getString("timestamp"),
                        entry.getString("category"),
                        Output.text(entry.getOrDefault("fact_id", JsonValue.NULL)),
                        (entry.getBoolean("persistent", false) ? "* " : "") + entry.getString("content")));
            }
            output().table(List.of("TIMESTAMP", "CATEGORY", "FACT", "CONTENT"), rows);
            output().line(entries.size() + (entries.size() == 1 ? " entry" : " entries") + " (* persistent)");
            return OK;
        }
    }

    @Command(name = "stats", description = "Counts, average importance and retention of the scope.")
    static final class Stats extends CliCommand {
        @Override
        public Integer call() throws IOException, InterruptedException {
            output().fields(client().getJson(scopePath("stats")));
            return OK;
        }
    }

    @Command(name = "decay", description = "Apply the forgetting curve now.")
    static final class Decay extends CliCommand {
        @Override
        public Integer call() throws IOException, InterruptedException {
            output().fields(client().send("POST", scopePath("decay"), null));
            return OK;
        }
    }

    @Command(name = "clear", description = "Delete the scope's facts, logs and snapshots (needs --yes).")
    static final class Clear extends CliCommand {
        @Option(names = "--yes", description = "Yes, delete everything in the scope.")
        boolean yes;

        @Override
        public Integer call() throws IOException, InterruptedException {
            if (!yes) {
                spec.commandLine()
                        .getErr()
                        .println("clear deletes every fact, log entry and snapshot of " + cli.scope
                                + "; run it again with --yes");
                return USAGE;
            }
            client().send("DELETE", "api/v1/scopes/" + ServerClient.encode(cli.scope), null);
            output().line(json() ? "{\"cleared\":\"" + cli.scope + "\"}" : "Cleared " + cli.scope);
            return OK;
        }
    }
}
