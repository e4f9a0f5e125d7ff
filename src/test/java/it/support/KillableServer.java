package it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A second Memoria server made from the phase's Liberty installation, which a test may kill with SIGKILL
 * and start again on the same data. On the embedded database it keeps no settings of the phase's server: it
 * runs the default embedded PostgreSQL in its own folder, exactly as {@code ./mvnw liberty:run} would; on
 * PostgreSQL it shares the phase's database.
 */
public final class KillableServer implements AutoCloseable {

    private static final String NAME = "crashnode";
    private static final Duration START_TIMEOUT = Duration.ofMinutes(4);
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final Path wlp =
            Path.of(System.getProperty("it.wlp.dir", "target/liberty/wlp")).toAbsolutePath();
    private final Path serverDir = wlp.resolve("usr/servers/" + NAME);
    private final int httpPort = Integer.getInteger("it.crash.port", 9290);
    private Process process;
    private int starts;

    private KillableServer() {}

    /** Creates the server afresh (an earlier run's folder and data are removed) with the phase's WAR. */
    public static KillableServer create() {
        KillableServer server = new KillableServer();
        server.createFresh();
        return server;
    }

    public URI base() {
        return URI.create("http://localhost:" + httpPort + "/");
    }

    public boolean onEmbeddedDatabase() {
        return !System.getProperty("it.db.url", "").startsWith("jdbc:postgresql:");
    }

    /** Starts the server and waits until it is ready to serve requests. */
    public void start() {
        start(Map.of());
    }

    /** Starts the server with these environment variables besides the phase's, and waits until it is ready. */
    public void start(Map<String, String> settings) {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException("already running");
        }
        ProcessBuilder builder = new ProcessBuilder(wlp.resolve("bin/server").toString(), "run", NAME)
                .redirectErrorStream(true)
                .redirectOutput(
                        serverDir.resolve("console-" + (++starts) + ".log").toFile());
        Map<String, String> env = builder.environment();
        env.put("MEMORIA_HTTP_PORT", String.valueOf(httpPort));
        env.put("MEMORIA_HTTPS_PORT", String.valueOf(httpPort + 363));
        if (onEmbeddedDatabase()) {
            // the default embedded database, as a user who sets nothing gets it, in a data folder of the test's own
            List.of("MEMORIA_DB_URL", "MEMORIA_DB_USER", "MEMORIA_DB_PASSWORD").forEach(env::remove);
            env.put("MEMORIA_DATA_DIR", serverDir.resolve("data").toString());
        }
        env.putAll(settings);
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        awaitReady();
    }

    /** SIGKILL: the JVM gets no chance to flush, close or shut anything down. */
    public void kill() {
        if (process == null) {
            return;
        }
        process.destroyForcibly();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the killed server did not exit");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * SIGKILL of the embedded database's postmaster too (after {@link #kill()}): a kill of the whole server, whose
     * PostgreSQL is a process of its own that outlives the JVM. Its backends exit when they see it gone.
     */
    public void killEmbeddedDatabase() {
        Path pidFile = serverDir.resolve("data/postgres/postmaster.pid");
        try {
            if (Files.exists(pidFile)) {
                long pid = Long.parseLong(Files.readAllLines(pidFile).get(0).strip());
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void restart() {
        restart(Map.of());
    }

    public void restart(Map<String, String> settings) {
        kill();
        start(settings);
    }

    /** The server and its embedded database, which would outlive the JVM's SIGKILL. */
    @Override
    public void close() {
        kill();
        killEmbeddedDatabase();
    }

    private void awaitReady() {
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        HttpRequest ready = HttpRequest.newBuilder(base().resolve("health/ready"))
                .timeout(Duration.ofSeconds(5))
                .build();
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the server exited with " + process.exitValue() + "; see " + serverDir);
            }
            try {
                if (HTTP.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            sleep(500);
        }
        throw new IllegalStateException("the server was not ready within " + START_TIMEOUT + "; see " + serverDir);
    }

    private void createFresh() {
        try {
            killEmbeddedDatabase(); // an earlier run's, if it was not closed
            deleteRecursively(serverDir);
            Process create = new ProcessBuilder(wlp.resolve("bin/server").toString(), "create", NAME)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!create.waitFor(2, TimeUnit.MINUTES) || create.exitValue() != 0) {
                throw new IllegalStateException("server create " + NAME + " failed");
            }
            // the shipped configuration, and the JDBC drivers the phase's server was given by the build
            Path config = Path.of("server-config");
            for (String file : List.of("server.xml", "jvm.options", "bootstrap.properties")) {
                Files.copy(config.resolve(file), serverDir.resolve(file), StandardCopyOption.REPLACE_EXISTING);
            }
            // the build's variables: where the embedded database's driver was compiled
            Path phaseServer = wlp.resolve("usr/servers/" + System.getProperty("it.server.name"));
            Path overrides = Path.of("configDropins/overrides");
            Files.createDirectories(serverDir.resolve(overrides));
            try (Stream<Path> files = Files.list(phaseServer.resolve(overrides))) {
                for (Path file : files.toList()) {
                    Files.copy(file, serverDir.resolve(overrides).resolve(file.getFileName()));
                }
            }
            // and the shared libraries: JDBC drivers (lib/jdbc) and the embedding stack (lib/global)
            for (String lib : List.of("lib/jdbc", "lib/global")) {
                Path from = phaseServer.resolve(lib);
                Files.createDirectories(serverDir.resolve(lib));
                try (Stream<Path> jars = Files.list(from)) {
                    for (Path jar : jars.toList()) {
                        Files.copy(jar, serverDir.resolve(lib).resolve(jar.getFileName()));
                    }
                }
            }
            Files.createDirectories(serverDir.resolve("dropins"));
            Files.copy(Path.of(System.getProperty("it.war")), serverDir.resolve("dropins/memoria.war"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    public static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
