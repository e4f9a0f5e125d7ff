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
import javax.net.ssl.SSLException;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;

/**
 * The memoria command line: a scope's facts, recall, snapshots, logs, a tenant's export and import, and migration
 * from the libraries Memoria replaces, over the REST API. Exit codes: 0 done, 1 the server refused (its problem is
 * printed), 2 a usage error, 3 the server could not be reached or failed, 4 a migration skipped files it could not
 * read.
 */
@Command(
        name = "memoria",
        // INHERIT: every subcommand, down to "snapshots list", takes --help and --version too
        scope = ScopeType.INHERIT,
        mixinStandardHelpOptions = true,
        versionProvider = MemoriaCli.Version.class,
        description = "Long-term memory for AI agents, from the command line.",
        subcommands = {MigrateCommand.class, SnapshotsCommand.class, WhoamiCommand.class, CommandLine.HelpCommand.class
        })
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

    @Option(
            names = {"-k", "--insecure"},
            scope = ScopeType.INHERIT,
            description = "Do not check the server's HTTPS certificate (for a development server's self-signed one).")
    boolean insecure;

    @Option(
            names = "--truststore",
            scope = ScopeType.INHERIT,
            paramLabel = "FILE",
            defaultValue = "${env:MEMORIA_TRUSTSTORE}",
            description = "PKCS12 or JKS file of the certificates to trust for HTTPS (env MEMORIA_TRUSTSTORE).")
    Path trustStore;

    @Option(
            names = "--truststore-password",
            scope = ScopeType.INHERIT,
            paramLabel = "PASSWORD",
            defaultValue = "${env:MEMORIA_TRUSTSTORE_PASSWORD}",
            description = "Password of --truststore (env MEMORIA_TRUSTSTORE_PASSWORD).")
    String trustStorePassword;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    static CommandLine commandLine() {
        return new CommandLine(new MemoriaCli())
                .setExecutionExceptionHandler(MemoriaCli::failed)
                .setParameterExceptionHandler(MemoriaCli::misused);
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return USAGE;
    }

    /** The types a fact may have; picocli refuses any other before a request is sent. */
    enum FactType {
        semantic,
        episodic,
        procedural
    }

    @Command(name = "show", description = "List the scope's facts, newest first, with their full ids and keys.")
    int show(
            @Option(names = "--category", description = "Only this category.") String category,
            @Option(names = "--type", description = "Only this type: ${COMPLETION-CANDIDATES}.") FactType type,
            @Option(names = "--tag", description = "Only facts with this tag.") String tag,
            @Option(
                            names = {"-q", "--query"},
                            description = "Only facts holding these words.")
                    String query,
            @Option(names = "--include-superseded", description = "Also facts a newer one replaced.")
                    boolean superseded,
            @Option(
                            names = "--limit",
                            defaultValue = "50",
                            description = "At most this many (default ${DEFAULT-VALUE}, at most 500).")
                    int limit)
            throws IOException, InterruptedException {
        List<String> params = new ArrayList<>(List.of("limit=" + limit));
        param(params, "category", category);
        param(params, "type", type == null ? null : type.name());
        param(params, "tag", tag);
        param(params, "q", query);
        if (superseded) {
            params.add("include_superseded=true");
        }
        JsonObject page = client().getJson(scopePath("facts?" + String.join("&", params)));
        output().facts(page, page.getJsonArray("items").getValuesAs(JsonObject.class), null);
        if (!json && page.get("next_cursor") instanceof jakarta.json.JsonString) {
            output().line("(more facts than --limit " + limit + ": raise --limit or narrow with --category)");
        }
        return OK;
    }

    private static void param(List<String> params, String name, String value) {
        if (value != null) {
            params.add(name + "=" + ServerClient.encode(value));
        }
    }

    @Command(name = "add", description = "Remember a fact (saved under --key when given).")
    int add(
            @Parameters(paramLabel = "CONTENT", description = "What to remember.") String content,
            @Option(names = "--category") String category,
            @Option(names = "--type", description = "${COMPLETION-CANDIDATES}.") FactType type,
            @Option(names = "--importance", description = "0.0-1.0.") Double importance,
            @Option(names = "--persistent", description = "Keep it in MEMORY.md; it never fades.") boolean persistent,
            @Option(names = "--tag", description = "A tag; repeat for more.") List<String> tags,
            @Option(names = "--title") String title,
            @Option(names = "--key", description = "Save under this key (any text), replacing what it held.")
                    String key,
            @Option(names = "--ttl", paramLabel = "SECONDS", description = "Forget it after this many seconds.")
                    Long ttl)
            throws IOException, InterruptedException {
        JsonObjectBuilder fact = Json.createObjectBuilder().add("content", content);
        if (category != null) {
            fact.add("category", category);
        }
        if (type != null) {
            fact.add("type", type.name());
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
        if (title != null) {
            fact.add("title", title);
        }
        if (ttl != null) {
            fact.add("ttl_seconds", ttl);
        }
        JsonObject saved = key == null
                ? client().send("POST", scopePath("facts"), fact.build().toString())
                : client().send(
                                "PUT",
                                scopePath(ServerClient.keyPath(key)),
                                fact.build().toString());
        output().facts(saved, List.of(saved), null);
        return OK;
    }

    /** One fact, named by its id (or a unique start of it) or by its key. */
    static final class FactRef {
        @Parameters(
                paramLabel = "ID",
                description = "The fact's id, or enough of its start to name one fact of the scope.")
        String id;

        @Option(names = "--key", description = "The key the fact is saved under.")
        String key;
    }

    @Command(name = "get", description = "One fact, every field.")
    int get(@ArgGroup(multiplicity = "1") FactRef ref) throws IOException, InterruptedException {
        JsonObject fact = fetch(ref);
        if (json) {
            output().json(fact);
        } else {
            output().fields(fact);
        }
        return OK;
    }

    @Command(name = "forget", description = "Delete a fact and its daily-log entries.")
    int forget(@ArgGroup(multiplicity = "1") FactRef ref) throws IOException, InterruptedException {
        String path = ref.key != null ? ServerClient.keyPath(ref.key) : "facts/" + factId(ref.id);
        client().send("DELETE", scopePath(path), null);
        String what = ref.key != null ? "the fact saved under key '" + ref.key + "'" : "fact " + factId(ref.id);
        output().line(
                        json
                                ? Json.createObjectBuilder()
                                        .add("forgot", what)
                                        .build()
                                        .toString()
                                : "Forgot " + what);
        return OK;
    }

    @Command(name = "edit", description = "Change fields of a fact (a new version of it).")
    int edit(
            @ArgGroup(multiplicity = "1") FactRef ref,
            @Option(names = "--content") String content,
            @Option(names = "--title") String title,
            @Option(names = "--category") String category,
            @Option(names = "--type", description = "${COMPLETION-CANDIDATES}.") FactType type,
            @Option(names = "--importance", description = "0.0-1.0.") Double importance,
            @Option(
                            names = "--persistent",
                            negatable = true,
                            description = "Make it persistent (--no-persistent: let it fade).")
                    Boolean persistent,
            @Option(names = "--tag", description = "Replace the tags with these; repeat for more.") List<String> tags,
            @Option(names = "--no-tags", description = "Remove every tag.") boolean noTags,
            @Option(names = "--ttl", paramLabel = "SECONDS", description = "Forget it this many seconds from now.")
                    Long ttl)
            throws IOException, InterruptedException {
        JsonObjectBuilder change = Json.createObjectBuilder();
        if (content != null) {
            change.add("content", content);
        }
        if (title != null) {
            change.add("title", title);
        }
        if (category != null) {
            change.add("category", category);
        }
        if (type != null) {
            change.add("type", type.name());
        }
        if (importance != null) {
            change.add("importance", importance);
        }
        if (persistent != null) {
            change.add("persistent", persistent);
        }
        if (tags != null || noTags) {
            change.add("tags", Json.createArrayBuilder(tags == null ? List.of() : tags));
        }
        if (ttl != null) {
            change.add("ttl_seconds", ttl);
        }
        JsonObject body = change.build();
        if (body.isEmpty()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "Nothing to change: give --content, --title, --category, --type, --importance, --persistent,"
                            + " --tag or --ttl.");
        }
        String id = ref.key != null ? fetch(ref).getString("id") : factId(ref.id);
        JsonObject saved = client().send("PATCH", scopePath("facts/" + id), body.toString());
        output().facts(saved, List.of(saved), null);
        return OK;
    }

    @Command(name = "history", description = "Every version of a fact, oldest first.")
    int history(@ArgGroup(multiplicity = "1") FactRef ref) throws IOException, InterruptedException {
        String id = ref.key != null ? fetch(ref).getString("id") : factId(ref.id);
        JsonObject history;
        try {
            history = client().getJson(scopePath("facts/" + id + "/history"));
        } catch (ServerClient.Refused refused) {
            if (refused.status() != 404 && refused.status() != 405) {
                throw refused;
            }
            client().getJson(scopePath("facts/" + id)); // an unknown fact is refused as such
            throw new CliFailure(
                    REFUSED,
                    "the server at " + url + " keeps no fact history (GET /facts/{id}/history answered "
                            + refused.status() + "); upgrade the server to read fact " + id + "'s versions.");
        }
        if (json) {
            output().json(history);
            return OK;
        }
        List<List<String>> rows = new ArrayList<>();
        for (JsonObject version : history.getJsonArray("items").getValuesAs(JsonObject.class)) {
            rows.add(List.of(
                    Output.text(version.get("version")),
                    Output.text(version.getOrDefault("change", JsonValue.NULL)),
                    Output.text(version.getOrDefault("valid_from", JsonValue.NULL)),
                    Output.text(version.getOrDefault("valid_to", JsonValue.NULL)),
                    Output.text(version.getOrDefault("category", JsonValue.NULL)),
                    Output.text(version.getOrDefault("content", JsonValue.NULL))));
        }
        output().table(List.of("VERSION", "CHANGE", "VALID FROM", "VALID TO", "CATEGORY", "CONTENT"), rows);
        return OK;
    }

    @Command(name = "scopes", description = "The scopes of the tenant this token may see.")
    int scopes() throws IOException, InterruptedException {
        JsonObject answer = client().getJson("api/v1/scopes");
        if (json) {
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

    @Command(name = "logs", description = "The scope's daily log: recent entries, newest first, or one day's.")
    int logs(
            @Parameters(arity = "0..1", paramLabel = "DAY", description = "One day (yyyy-mm-dd), oldest entry first.")
                    java.time.LocalDate day,
            @Option(
                            names = "--days",
                            defaultValue = "7",
                            description = "Of the last N days (default ${DEFAULT-VALUE}).")
                    int days,
            @Option(
                            names = "--limit",
                            defaultValue = "50",
                            description = "At most this many (default ${DEFAULT-VALUE}).")
                    int limit)
            throws IOException, InterruptedException {
        List<JsonObject> entries = new ArrayList<>();
        if (day != null) {
            String lines = client().getText(scopePath("logs/" + day));
            lines.lines().filter(line -> !line.isBlank()).forEach(line -> entries.add(ServerClient.parse(line)));
            if (json) {
                entries.forEach(output()::json);
                return OK;
            }
        } else {
            JsonObject answer = client().getJson(scopePath("logs?days=" + days + "&limit=" + limit));
            if (json) {
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

    /** The fact a reference names, fetched. */
    JsonObject fetch(FactRef ref) throws IOException, InterruptedException {
        return client().getJson(scopePath(ref.key != null ? ServerClient.keyPath(ref.key) : "facts/" + factId(ref.id)));
    }

    private String resolvedId;

    /** A full id as given, or the one id of the scope's facts that starts with the given text. */
    String factId(String given) throws IOException, InterruptedException {
        if (resolvedId != null) {
            return resolvedId;
        }
        resolvedId = FactIds.resolve(client(), scopePath(""), scope, given, spec.commandLine());
        return resolvedId;
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
        JsonObject restored =
                client().send("POST", scopePath("snapshots/" + ServerClient.encode(name) + "/restore"), null);
        if (output().isJson()) {
            output().json(restored);
        } else {
            // "restored" counts the snapshot's facts, changed or not: say what it is, not "restored 2"
            int facts = restored.getInt("restored", 0);
            output().line("Restored snapshot " + name + ": the scope now holds its " + facts
                    + (facts == 1 ? " fact" : " facts") + " exactly.");
        }
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

    private ServerClient client;

    ServerClient client() {
        if (token == null || token.isBlank()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "No token: set MEMORIA_TOKEN or pass --token.");
        }
        if (client == null) {
            client = new ServerClient(
                    url,
                    token.strip(),
                    new ServerClient.Tls(
                            insecure,
                            trustStore,
                            trustStorePassword == null ? null : trustStorePassword.toCharArray()));
        }
        return client;
    }

    Output output() {
        return new Output(spec.commandLine().getOut(), json);
    }

    String scopePath(String rest) {
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

    /** A failure the CLI explains itself, in one sentence that says what to do. */
    static final class CliFailure extends RuntimeException {
        private final int exitCode;

        CliFailure(int exitCode, String sentence) {
            super(sentence);
            this.exitCode = exitCode;
        }
    }

    /** A usage error: what is wrong and where to read about it, without the whole usage text. */
    private static int misused(CommandLine.ParameterException failure, String[] args) {
        CommandLine command = failure.getCommandLine();
        // a method subcommand throws with the root's CommandLine: name the command that was run
        for (CommandLine.ParseResult parsed = command.getParseResult();
                parsed != null;
                parsed = parsed.hasSubcommand() ? parsed.subcommand() : null) {
            command = parsed.commandSpec().commandLine();
        }
        PrintWriter err = command.getErr();
        err.println("error: " + failure.getMessage().replaceFirst("^Error: ", ""));
        if (!CommandLine.UnmatchedArgumentException.printSuggestions(failure, err)) {
            err.println("Run '" + command.getCommandSpec().qualifiedName() + " --help' for its options.");
        }
        err.flush();
        return USAGE;
    }

    /** A problem's title and detail (and each field error not already in the detail), never a stack trace. */
    private static int failed(Exception failure, CommandLine commandLine, CommandLine.ParseResult parsed) {
        PrintWriter err = commandLine.getErr();
        MemoriaCli cli = (MemoriaCli) commandLine.getCommandSpec().root().userObject();
        int exit = UNREACHABLE;
        if (failure instanceof CliFailure explained) {
            err.println("error: " + explained.getMessage());
            exit = explained.exitCode;
        } else if (failure instanceof ServerClient.Refused refused) {
            err.println("error: " + refusal(cli, refused));
            exit = refused.status() >= 500 ? UNREACHABLE : REFUSED;
        } else if (failure instanceof ServerClient.UnusableTrustStore unusable) {
            err.println("error: " + unusable.getMessage() + ".");
            exit = USAGE;
        } else if (cause(failure, SSLException.class) != null) {
            err.println("error: " + tlsFailure(cli.url, failure));
        } else if (failure instanceof ConnectException || failure instanceof HttpTimeoutException) {
            err.println("error: cannot reach the server at " + cli.url + " ("
                    + failure.getClass().getSimpleName() + "); check --url (or MEMORIA_URL) and that it runs.");
        } else if (failure instanceof IOException || failure instanceof UncheckedIOException) {
            err.println("error: " + failure.getMessage());
        } else {
            err.println("error: " + failure);
        }
        err.flush();
        return exit;
    }

    private static String refusal(MemoriaCli cli, ServerClient.Refused refused) {
        JsonObject problem = refused.problem();
        if (refused.status() == 401) {
            var expired = Token.expired(cli.token);
            return expired.isPresent()
                    ? "the token expired at " + expired.get() + "; get a new one and pass it with --token or"
                            + " MEMORIA_TOKEN."
                    : "the server does not accept this token (" + problem.getString("detail", "Unauthorized")
                            + "); pass a valid one with --token or MEMORIA_TOKEN.";
        }
        if (refused.status() == 405) {
            return "the server at " + cli.url + " does not offer " + refused.request()
                    + " (405); it is older than this CLI, so upgrade it.";
        }
        String title = problem.getString("title", "HTTP " + refused.status());
        String detail = problem.getString("detail", "");
        StringBuilder sentence = new StringBuilder(title);
        if (!detail.isBlank() && !detail.equals(title)) {
            sentence.append(": ").append(detail);
        }
        if (problem.get("errors") instanceof jakarta.json.JsonArray errors) {
            for (JsonObject error : errors.getValuesAs(JsonObject.class)) {
                String one = error.getString("field", "") + ": " + error.getString("message", "");
                if (!detail.contains(one)) {
                    sentence.append(System.lineSeparator()).append("  ").append(one);
                }
            }
        }
        if (refused.status() == 403) {
            sentence.append(" (the token lacks the role or scope this needs; ask for one that has it)");
        } else if (refused.status() == 429) {
            sentence.append(" (try again in a few seconds)");
        }
        return sentence.toString();
    }

    /** Why an HTTPS connection failed, and which flag fixes it. */
    private static String tlsFailure(String url, Exception failure) {
        boolean untrusted = cause(failure, java.security.cert.CertificateException.class) != null
                || cause(failure, java.security.cert.CertPathBuilderException.class) != null
                || String.valueOf(cause(failure, SSLException.class).getMessage())
                        .contains("PKIX");
        if (untrusted) {
            return "the server at " + url + " presents an HTTPS certificate this machine does not trust (such as a"
                    + " development server's self-signed one); pass --insecure to skip the check, or --truststore"
                    + " FILE to trust its certificate.";
        }
        return "cannot open an HTTPS connection to " + url + " ("
                + cause(failure, SSLException.class).getMessage()
                + "); check that the URL's scheme and port are the server's HTTPS ones.";
    }

    private static <T extends Throwable> T cause(Throwable failure, Class<T> type) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
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
