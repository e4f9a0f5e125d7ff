package dev.memoria.cli;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Taking a snapshot of the scope, restoring one and comparing it (listing and deleting: {@link SnapshotsCommand}). */
final class SnapshotCommands {

    private SnapshotCommands() {}

    @Command(name = "snapshot", description = "Freeze the scope's facts under a name.")
    static final class Take extends CliCommand {
        @Parameters(paramLabel = "NAME")
        String name;

        @Override
        public Integer call() throws IOException, InterruptedException {
            return take(cli, name);
        }
    }

    static int take(MemoriaCli cli, String name) throws IOException, InterruptedException {
        cli.output()
                .fields(cli.client()
                        .send(
                                "POST",
                                cli.scopePath("snapshots"),
                                Json.createObjectBuilder()
                                        .add("name", name)
                                        .build()
                                        .toString()));
        return MemoriaCli.OK;
    }

    @Command(name = "restore", description = "Make the scope's facts exactly a snapshot's.")
    static final class Restore extends CliCommand {
        @Parameters(paramLabel = "NAME")
        String name;

        @Override
        public Integer call() throws IOException, InterruptedException {
            return restore(cli, name);
        }
    }

    static int restore(MemoriaCli cli, String name) throws IOException, InterruptedException {
        JsonObject restored =
                cli.client().send("POST", cli.scopePath("snapshots/" + ServerClient.encode(name) + "/restore"), null);
        if (cli.output().isJson()) {
            cli.output().json(restored);
        } else {
            // "restored" counts the snapshot's facts, changed or not: say what it is, not "restored 2"
            int facts = restored.getInt("restored", 0);
            cli.output()
                    .line("Restored snapshot " + name + ": the scope now holds its " + facts
                            + (facts == 1 ? " fact" : " facts") + " exactly.");
        }
        return MemoriaCli.OK;
    }

    @Command(name = "diff", description = "What changed from a snapshot to another one, or to the current facts.")
    static final class Diff extends CliCommand {
        @Parameters(paramLabel = "NAME")
        String name;

        @Option(names = "--against", defaultValue = "current")
        String against;

        @Override
        public Integer call() throws IOException, InterruptedException {
            return diff(cli, name, against);
        }
    }

    static int diff(MemoriaCli cli, String name, String against) throws IOException, InterruptedException {
        Output output = cli.output();
        JsonObject diff = cli.client()
                .getJson(cli.scopePath(
                        "snapshots/" + ServerClient.encode(name) + "/diff?against=" + ServerClient.encode(against)));
        if (cli.json) {
            output.json(diff);
            return MemoriaCli.OK;
        }
        diff.getJsonArray("added")
                .getValuesAs(JsonObject.class)
                .forEach(f -> output.line("+ " + f.getString("content")));
        diff.getJsonArray("removed")
                .getValuesAs(JsonObject.class)
                .forEach(f -> output.line("- " + f.getString("content")));
        diff.getJsonArray("changed")
                .getValuesAs(JsonObject.class)
                .forEach(c -> output.line("~ " + c.getJsonObject("before").getString("content") + " -> "
                        + c.getJsonObject("after").getString("content")));
        output.line(String.format(
                "%d added, %d removed, %d changed",
                diff.getJsonArray("added").size(),
                diff.getJsonArray("removed").size(),
                diff.getJsonArray("changed").size()));
        return MemoriaCli.OK;
    }
}
