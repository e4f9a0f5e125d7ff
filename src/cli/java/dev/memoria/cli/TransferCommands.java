package dev.memoria.cli;

import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** A tenant's export to JSON lines and the import of such a file. */
final class TransferCommands {

    private TransferCommands() {}

    @Command(name = "export", description = "Export the tenant (or --scope-prefix and below) as JSON lines.")
    static final class Export extends CliCommand {
        @Option(
                names = {"-o", "--output"},
                description = "File to write (default: standard output).")
        Path file;

        @Option(names = "--scope-prefix")
        String prefix;

        @Override
        public Integer call() throws IOException, InterruptedException {
            String path = "api/v1/export" + (prefix == null ? "" : "?scope_prefix=" + ServerClient.encode(prefix));
            long lines = 0;
            try (InputStream body = client().stream(path);
                    BufferedReader in = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
                    Writer out = file == null
                            ? new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8))
                            : Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                    ProgressBar bar = file == null ? null : cli.progress("Export", -1, " lines", 1)) {
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
    }

    @Command(name = "import", description = "Import an export file: all or nothing, and a second run changes nothing.")
    static final class Import extends CliCommand {
        @Parameters(paramLabel = "FILE")
        Path file;

        @Option(names = "--dry-run", description = "Check and count; write nothing.")
        boolean dryRun;

        @Override
        public Integer call() throws IOException, InterruptedException {
            long size = Files.size(file);
            JsonObject counts = client().postLines("api/v1/import" + (dryRun ? "?dry_run=true" : ""), () -> {
                try {
                    InputStream in = Files.newInputStream(file);
                    return cli.showProgress()
                            ? ProgressBar.wrap(in, MemoriaCli.builder("Import", size, " KiB", 1024))
                            : in;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            cli.printCounts(counts);
            return OK;
        }
    }
}
