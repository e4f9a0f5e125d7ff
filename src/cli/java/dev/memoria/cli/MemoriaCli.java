package dev.memoria.cli;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;

/**
 * The memoria command line: a scope's facts, recall, snapshots, a tenant's export and import, and migration from
 * the libraries Memoria replaces, over the REST API. Exit codes: 0 done, 1 the server refused (its problem is
 * printed), 2 a usage error, 3 the server could not be reached or failed, 4 a migration skipped files it could
 * not read.
 */
@Command(
        name = "memoria",
        mixinStandardHelpOptions = true,
        versionProvider = MemoriaCli.Version.class,
        description = "Long-term memory for AI agents, from the command line.",
        subcommands = {MigrateCommand.class, CommandLine.HelpCommand.class})
public class MemoriaCli implements Callable<Integer> {

    static final int OK = 0;
    static final int REFUSED = 1;
    static final int USAGE = 2;
    static final int UNREACHABLE = 3;
    static final int SKIPPED_FILES = 4;

    @Option(
            names = "--url",
            scope = ScopeType.INHERIT,
            defaultValue = "${env:MEMORIA_URL:-http://localhost:9080}",
            description = "Server URL (env MEMORIA_URL; default ${DEFAULT-VALUE}).")
    String url;

    @Option(
            names = "--token",
            scope = ScopeType.INHERIT,
            defaultValue = "${env:MEMORIA_TOKEN}",
            description = "Bearer token (env MEMORIA_TOKEN).")
    String token;

    @Option(
            names = {"-s", "--scope"},
            scope = ScopeType.INHERIT,
            defaultValue = "${env:MEMORIA_SCOPE:-global}",
            description = "Scope (env MEMORIA_SCOPE; default ${DEFAULT-VALUE}).")
    String scope;

    @Option(names = "--json", scope = ScopeType.INHERIT, description = "Print the server's JSON, for scripts.")
    boolean json;

    @Option(
            names = "--no-progress",
            scope = ScopeType.INHERIT,
            description = "No progress bar (none is drawn off a terminal).")
    boolean noProgress;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    static CommandLine commandLine() {
        return new CommandLine(new MemoriaCli()).setExecutionExceptionHandler(MemoriaCli::failed);
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return USAGE;
    }

    @Command(name = "show", description = "List the scope's facts, newest first.")
    int show(
            @Option(names = "--category", description = "Only this category.") String category,
            @Option(
                            names = "--limit",
                            defaultValue = "50",
                            description = "At most this many (default ${DEFAULT-VALUE}).")
                    int limit)
            throws IOException, InterruptedException {
        JsonObject page = client().getJson(scopePath(
                "facts?limit=" + limit + (category == null ? "" : "&category=" + ServerClient.encode(category))));
        output().facts(page, page.getJsonArray("items").getValuesAs(JsonObject.class), null);
        return OK;
    }

    @Command(name = "add", description = "Remember a fact (saved under --key when given).")
    int add(
            @Parameters(paramLabel = "CONTENT", description = "What to remember.") String content,
            @Option(names = "--category") String category,
            @Option(names = "--type", description = "semantic, episodic or procedural.") String type,
            @Option(names = "--importance", description = "0.0-1.0.") Double importance,
            @Option(names = "--persistent", description = "Keep it in MEMORY.md; it never fades.") boolean persistent,
            @Option(names = "--tag", description = "A tag; repeat for more.") List<String> tags,
            @Option(names = "--key", description = "Save under this key, replacing what it held.") String key,
            @Option(names = "--ttl", paramLabel = "SECONDS", description = "Forget it after this many seconds.")
                    Long ttl)
            throws IOException, InterruptedException {
        JsonObjectBuilder fact = Json.createObjectBuilder().add("content", content);
        if (category != null) {
            fact.add("category", category);
        }
        if (type != null) {
            fact.add("type", type);
        }
        if (importance != null) {
            fact.add("importance", importance);
        }
        if (persistent) {
            fact.add("persistent", true);
        }
        if (tags != null) {
            fact.add("tags", Json.createArrayBuilder(tags));
        }
        if (ttl != null) {
            fact.add("ttl_seconds", ttl);
        }
        JsonObject saved = key == null
                ? client().send("POST", scopePath("facts"), fact.build().toString())
                : client().send(
                                "PUT",
                                scopePath("facts/by-key/" + ServerClient.encode(key)),
                                fact.build().toString());
        output().facts(saved, List.of(saved), null);
        return OK;
    }

    @Command(name = "recall", description = "Recall by meaning and keywords, best first.")
    int recall(@Parameters(paramLabel = "QUERY") String query, @Option(names = "--limit", defaultValue = "5") int limit)
            throws IOException, InterruptedException {
        return scored(client().getJson(scopePath("recall?limit=" + limit + "&q=" + ServerClient.encode(query))));
    }

    @Command(name = "search", description = "BM25 keyword search, best first.")
    int search(@Parameters(paramLabel = "QUERY") String query, @Option(names = "--top-k", defaultValue = "10") int topK)
            throws IOException, InterruptedException {
        return scored(client().getJson(scopePath("search?top_k=" + topK + "&q=" + ServerClient.encode(query))));
    }

    private int scored(JsonObject answer) {
        List<JsonObject> facts = new ArrayList<>();
        List<Double> scores = new ArrayList<>();
        for (JsonObject item : answer.getJsonArray("items").getValuesAs(JsonObject.class)) {
            // recall answers {fact, score} items; search answers the facts themselves, best first
            facts.add(item.containsKey("fact") ? item.getJsonObject("fact") : item);
            if (item.containsKey("score")) {
                scores.add(item.getJsonNumber("score").doubleValue());
            }
        }
        output().facts(answer, facts, scores.isEmpty() ? null : scores);
        return OK;
    }

    @Command(name = "context", description = "The prompt-ready memory block of the scope.")
    int context(
            @Option(names = "-q", description = "Add what is relevant to this query.") String query,
            @Option(names = "--max-tokens") Integer maxTokens)
            throws IOException, InterruptedException {
        List<String> params = new ArrayList<>();
        if (query != null) {
            params.add("q=" + ServerClient.encode(query));
        }
        if (maxTokens != null) {
            params.add("max_tokens=" + maxTokens);
        }
        String text = client().getText(scopePath("context" + (params.isEmpty() ? "" : "?" + String.join("&", params))));
        if (json) {
            output().json(Json.createObjectBuilder().add("context", text).build());
        } else {
            output().line(text.stripTrailing());
        }
        return OK;
    }

    @Command(name = "stats", description = "Counts, average importance and retention of the scope.")
    int stats() throws IOException, InterruptedException {
        output().fields(client().getJson(scopePath("stats")));
        return OK;
    }

    @Command(name = "decay", description = "Apply the forgetting curve now.")
    int decay() throws IOException, InterruptedException {
        output().fields(client().send("POST", scopePath("decay"), null));
        return OK;
    }

    @Command(name = "clear", description = "Delete the scope's facts, logs and snapshots (needs --yes).")
    int clear(@Option(names = "--yes", description = "Yes, delete everything in the scope.") boolean yes)
            throws IOException, InterruptedException {
        if (!yes) {
            spec.commandLine()
                    .getErr()
                    .println("clear deletes every fact, log entry and snapshot of " + scope
                            + "; run it again with --yes");
            return USAGE;
        }
        client().send("DELETE", "api/v1/scopes/" + ServerClient.encode(scope), null);
        output().line(json ? "{\"cleared\":\"" + scope + "\"}" : "Cleared " + scope);
        return OK;
    }

    @Command(name = "snapshot", description = "Freeze the scope's facts under a name.")
    int snapshot(@Parameters(paramLabel = "NAME") String name) throws IOException, InterruptedException {
        output().fields(client().send(
                        "POST",
                        scopePath("snapshots"),
                        Json.createObjectBuilder().add("name", name).build().toString()));
        return OK;
    }

    @Command(name = "restore", description = "Make the scope's facts exactly a snapshot's.")
    int restore(@Parameters(paramLabel = "NAME") String name) throws IOException, InterruptedException {
        output().fields(client().send("POST", scopePath("snapshots/" + ServerClient.encode(name) + "/restore"), null));
        return OK;
    }

    @Command(name = "diff", description = "What changed from a snapshot to another one, or to the current facts.")
    int diff(
            @Parameters(paramLabel = "NAME") String name,
            @Option(names = "--against", defaultValue = "current") String against)
            throws IOException, InterruptedException {
        JsonObject diff = client().getJson(scopePath(
                "snapshots/" + ServerClient.encode(name) + "/diff?against=" + ServerClient.encode(against)));
        if (json) {
            output().json(diff);
            return OK;
        }
        diff.getJsonArray("added")
                .getValuesAs(JsonObject.class)
                .forEach(f -> output().line("+ " + f.getString("content")));
        diff.getJsonArray("removed")
                .getValuesAs(JsonObject.class)
                .forEach(f -> output().line("- " + f.getString("content")));
        diff.getJsonArray("changed")
                .getValuesAs(JsonObject.class)
                .forEach(c -> output().line("~ " + c.getJsonObject("before").getString("content") + " -> "
                        + c.getJsonObject("after").getString("content")));
        output().line(String.format(
                "%d added, %d removed, %d changed",
                diff.getJsonArray("added").size(),
                diff.getJsonArray("removed").size(),
                diff.getJsonArray("changed").size()));
        return OK;
    }

    @Command(name = "export", description = "Export the tenant (or --scope-prefix and below) as JSON lines.")
    int export(
            @Option(
                            names = {"-o", "--output"},
                            description = "File to write (default: standard output).")
                    Path file,
            @Option(names = "--scope-prefix") String prefix)
            throws IOException, InterruptedException {
        String path = "api/v1/export" + (prefix == null ? "" : "?scope_prefix=" + ServerClient.encode(prefix));
        long lines = 0;
        try (InputStream body = client().stream(path);
                BufferedReader in = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
                Writer out = file == null
                        ? new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8))
                        : Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                ProgressBar bar = file == null ? null : progress("Export", -1, " lines", 1)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                out.write(line);
                out.write('\n');
                lines++;
                if (bar != null) {
                    bar.step();
                }
            }
        }
        if (file != null) {
            spec.commandLine().getErr().println("Exported " + lines + " lines to " + file);
        }
        return OK;
    }

    @Command(name = "import", description = "Import an export file: all or nothing, and a second run changes nothing.")
    int importFile(
            @Parameters(paramLabel = "FILE") Path file,
            @Option(names = "--dry-run", description = "Check and count; write nothing.") boolean dryRun)
            throws IOException, InterruptedException {
        long size = Files.size(file);
        JsonObject counts = client().postLines("api/v1/import" + (dryRun ? "?dry_run=true" : ""), () -> {
            try {
                InputStream in = Files.newInputStream(file);
                return showProgress() ? ProgressBar.wrap(in, builder("Import", size, " KiB", 1024)) : in;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        printCounts(counts);
        return OK;
    }

    /** An import's answer as a table of created, updated and unchanged by kind. */
    void printCounts(JsonObject counts) {
        if (json) {
            output().json(counts);
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        for (String kind : List.of("facts", "logs", "snapshots")) {
            JsonObject c = counts.getJsonObject(kind);
            rows.add(List.of(
                    kind,
                    Output.text(c.get("created")),
                    c.containsKey("updated") ? Output.text(c.get("updated")) : "-",
                    Output.text(c.get("unchanged"))));
        }
        output().table(List.of("", "CREATED", "UPDATED", "UNCHANGED"), rows);
        if (counts.getBoolean("dry_run", false)) {
            output().line("(dry run: nothing was written)");
        }
    }

    ServerClient client() {
        if (token == null || token.isBlank()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "No token: set MEMORIA_TOKEN or pass --token.");
        }
        return new ServerClient(url, token);
    }

    Output output() {
        return new Output(spec.commandLine().getOut(), json);
    }

    private String scopePath(String rest) {
        return "api/v1/scopes/" + ServerClient.encode(scope) + "/" + rest;
    }

    boolean showProgress() {
        return !noProgress && System.console() != null;
    }

    /** A bar on standard error while there is a terminal to draw it on, else null. */
    ProgressBar progress(String task, long max, String unit, long unitSize) {
        return showProgress() ? builder(task, max, unit, unitSize).build() : null;
    }

    private static ProgressBarBuilder builder(String task, long max, String unit, long unitSize) {
        return new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(max)
                .setUnit(unit, unitSize)
                .setConsumer(new ConsoleProgressBarConsumer(System.err))
                .setUpdateIntervalMillis(250);
    }

    /** A problem's title and detail (and each field error), never a stack trace. */
    private static int failed(Exception failure, CommandLine commandLine, CommandLine.ParseResult parsed) {
        PrintWriter err = commandLine.getErr();
        if (failure instanceof ServerClient.Refused refused) {
            err.println("error: " + refused.getMessage());
            JsonValue errors = refused.problem().get("errors");
            if (errors instanceof jakarta.json.JsonArray list) {
                list.getValuesAs(JsonObject.class)
                        .forEach(e -> err.println("  " + e.getString("field", "") + ": " + e.getString("message", "")));
            }
            err.flush();
            return refused.status() >= 500 ? UNREACHABLE : REFUSED;
        }
        if (failure instanceof ConnectException || failure instanceof HttpTimeoutException) {
            err.println("error: cannot reach the server at "
                    + ((MemoriaCli) commandLine.getCommandSpec().root().userObject()).url + " ("
                    + failure.getClass().getSimpleName() + ")");
            err.flush();
            return UNREACHABLE;
        }
        if (failure instanceof IOException || failure instanceof UncheckedIOException) {
            err.println("error: " + failure.getMessage());
            err.flush();
            return UNREACHABLE;
        }
        err.println("error: " + failure);
        err.flush();
        return UNREACHABLE;
    }

    /** The version the build wrote into the jar's manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = MemoriaCli.class.getPackage().getImplementationVersion();
            return new String[] {"memoria " + (version == null ? "(development)" : version)};
        }
    }
}
