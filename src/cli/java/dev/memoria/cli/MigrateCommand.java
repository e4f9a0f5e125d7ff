package dev.memoria.cli;

import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * Reads a folder of one of the libraries Memoria replaces and imports it through the tenant import, so it is all or
 * nothing on the server, and a second run imports nothing twice.
 */
@Command(
        name = "migrate",
        description = {
            "Bring over the memory kept by selectools, agentmemo or nodestep, into --scope or the scopes they name.",
            "selectools: a KnowledgeMemory folder, 1.x (entries.jsonl, MEMORY.md, YYYY-MM-DD.log) or the early"
                    + " layout (MEMORY.md with ## headings, logs/*.jsonl), into --scope (default global).",
            "agentmemo: .agentmemo or one agent's folder (knowledge.yaml, snapshots/*.yaml); each agent into"
                    + " agent:{agent_id}, or all into --scope.",
            "nodestep: FilesystemMemory's root_dir; memories/user/42 into user:42 (under --scope when given), each"
                    + " entry under its own key.",
            "Every file not read is listed with the reason (exit code 4). The same folder may go into several"
                    + " scopes; a re-run into the same scope imports nothing twice.",
            "A symbolic link in DIR (to a file or a folder, outside DIR or inside it) and anything whose real"
                    + " location is outside DIR is never read: it is listed as skipped. DIR itself may be a link."
        })
class MigrateCommand implements Callable<Integer> {

    enum Library {
        selectools,
        agentmemo,
        nodestep
    }

    @ParentCommand
    MemoriaCli cli;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "LIBRARY", description = "selectools, agentmemo or nodestep.")
    Library library;

    @Parameters(index = "1", paramLabel = "DIR", description = "The library's folder.")
    Path folder;

    @Option(names = "--dry-run", description = "Read and check; write nothing.")
    boolean dryRun;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (!Files.isDirectory(folder)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Not a folder: " + folder);
        }
        String scope = scopeGiven() ? cli.scope : null;
        if (scope != null && !Migration.isScope(scope)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Not a scope: " + scope);
        }
        ServerClient client = cli.client();
        Migration migration;
        try (ProgressBar bar = cli.progress("Migrate " + library, -1, " files", 1)) {
            Runnable onFile = bar == null ? () -> {} : bar::step;
            migration = switch (library) {
                case selectools -> SelectoolsFolder.read(folder, scope == null ? "global" : scope, onFile);
                case agentmemo -> AgentmemoFolder.read(folder, scope, onFile);
                case nodestep -> NodestepFolder.read(folder, scope, onFile);
            };
        }
        PrintWriter err = spec.commandLine().getErr();
        migration.skipped().forEach(skipped -> err.println("skipped " + skipped.what() + ": " + skipped.reason()));
        err.println("Read " + migration.filesRead() + " files from " + folder + ", "
                + migration.skipped().size() + " skipped");
        err.flush();
        if (!migration.lines().isEmpty()) {
            byte[] lines = migration.lines().stream()
                    .map(JsonObject::toString)
                    .collect(Collectors.joining("\n", "", "\n"))
                    .getBytes(StandardCharsets.UTF_8);
            cli.printCounts(client.postLines(
                    "api/v1/import" + (dryRun ? "?dry_run=true" : ""), () -> new ByteArrayInputStream(lines)));
        }
        return migration.skipped().isEmpty() ? MemoriaCli.OK : MemoriaCli.SKIPPED_FILES;
    }

    /** Whether a scope was chosen (flag before or after the subcommand, or MEMORIA_SCOPE), not just the default. */
    private boolean scopeGiven() {
        return System.getenv("MEMORIA_SCOPE") != null
                || matched(spec.commandLine())
                || matched(spec.root().commandLine());
    }

    private static boolean matched(CommandLine command) {
        return command.getParseResult() != null && command.getParseResult().hasMatchedOption("--scope");
    }
}
