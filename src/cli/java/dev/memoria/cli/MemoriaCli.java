package dev.memoria.cli;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import javax.net.ssl.SSLException;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
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
        subcommands = {
            MigrateCommand.class,
            SnapshotsCommand.class,
            WhoamiCommand.class,
            CommandLine.HelpCommand.class,
            FactCommands.Show.class,
            FactCommands.Add.class,
            FactCommands.Get.class,
            FactCommands.Forget.class,
            FactCommands.Edit.class,
            FactCommands.History.class,
            ScopeCommands.Scopes.class,
            ScopeCommands.Logs.class,
            RecallCommands.Recall.class,
            RecallCommands.Search.class,
            RecallCommands.Context.class,
            ScopeCommands.Stats.class,
            ScopeCommands.Decay.class,
            ScopeCommands.Clear.class,
            SnapshotCommands.Take.class,
            SnapshotCommands.Restore.class,
            SnapshotCommands.Diff.class,
            TransferCommands.Export.class,
            TransferCommands.Import.class
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

    static ProgressBarBuilder builder(String task, long max, String unit, long unitSize) {
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
