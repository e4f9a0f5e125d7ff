package dev.memoria.cli;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** A scope's named snapshots: list (the default), create, delete, restore, diff. */
@Command(name = "snapshots", description = "List the scope's snapshots, or create, delete, restore or diff one.")
class SnapshotsCommand implements Callable<Integer> {

    @ParentCommand
    MemoriaCli cli;

    @Override
    public Integer call() throws IOException, InterruptedException {
        return list();
    }

    @Command(name = "list", description = "The scope's snapshots.")
    int list() throws IOException, InterruptedException {
        JsonObject answer = cli.client().getJson(cli.scopePath("snapshots"));
        if (cli.json) {
            cli.output().json(answer);
            return MemoriaCli.OK;
        }
        List<List<String>> rows = new ArrayList<>();
        for (JsonObject snapshot : answer.getJsonArray("items").getValuesAs(JsonObject.class)) {
            rows.add(List.of(
                    snapshot.getString("name"),
                    Output.text(snapshot.get("created_at")),
                    Output.text(snapshot.get("facts"))));
        }
        cli.output().table(List.of("NAME", "CREATED", "FACTS"), rows);
        return MemoriaCli.OK;
    }

    @Command(name = "create", description = "Freeze the scope's facts under a name.")
    int create(@Parameters(paramLabel = "NAME") String name) throws IOException, InterruptedException {
        return SnapshotCommands.take(cli, name);
    }

    @Command(name = "delete", description = "Delete a snapshot (the facts stay as they are).")
    int delete(@Parameters(paramLabel = "NAME") String name) throws IOException, InterruptedException {
        cli.client().send("DELETE", cli.scopePath("snapshots/" + ServerClient.encode(name)), null);
        cli.output().line(cli.json ? "{\"deleted\":\"" + name + "\"}" : "Deleted snapshot " + name);
        return MemoriaCli.OK;
    }

    @Command(name = "restore", description = "Make the scope's facts exactly the snapshot's.")
    int restore(@Parameters(paramLabel = "NAME") String name) throws IOException, InterruptedException {
        return SnapshotCommands.restore(cli, name);
    }

    @Command(name = "diff", description = "What changed from a snapshot to another one, or to the current facts.")
    int diff(
            @Parameters(paramLabel = "NAME") String name,
            @Option(names = "--against", defaultValue = "current", description = "current (default) or a snapshot.")
                    String against)
            throws IOException, InterruptedException {
        return SnapshotCommands.diff(cli, name, against);
    }
}
