package dev.memoria.platform.embeddeddb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.logging.Logger;

/**
 * Where earlier versions kept the embedded data: the server's own output folder, which is under {@code target/}
 * for {@code ./mvnw liberty:run} ({@code ./mvnw clean} deleted every tenant's memory) and inside the unpacked
 * server of a package (an upgrade replaced it). The first start on a data folder of its own moves a PostgreSQL
 * folder found there once, with its password file and log. An H2 database, the default before PostgreSQL, is
 * no longer read: a start that finds one and no PostgreSQL data yet refuses, saying how to move out.
 */
final class FormerDataFolder {

    static final String H2_FILE = "memoria.mv.db";

    private static final Logger LOG = Logger.getLogger(FormerDataFolder.class.getName());

    private FormerDataFolder() {}

    /**
     * Moves the former folder's database to {@code data} when {@code data} holds none yet; refuses (an
     * {@link IllegalStateException} naming what to do) when all there is to start from is an H2 database.
     */
    static void moveInto(Path data, Path former) throws IOException {
        Path from = former.toAbsolutePath().normalize();
        Path to = data.toAbsolutePath().normalize();
        if (from.equals(to) || holdsDatabase(to)) {
            return;
        }
        if (holdsDatabase(from)) {
            EmbeddedPostgresServer.stopLeftOver(from, EmbeddedPostgresServer.binariesOf(from));
            Files.createDirectories(to.getParent());
            move(from, to);
            for (String suffix : List.of(".password", ".log")) {
                Path file = from.resolveSibling(from.getFileName() + suffix);
                if (Files.exists(file)) {
                    move(file, to.resolveSibling(to.getFileName() + suffix));
                }
            }
            LOG.info(() -> "CWMEM0005I: The embedded database moved once from " + from + " to " + to
                    + ", where builds and upgrades leave it alone (MEMORIA_DATA_DIR)");
            return;
        }
        for (Path folder : List.of(from.getParent(), to.getParent())) {
            Path h2 = folder.resolve(H2_FILE);
            if (Files.exists(h2)) {
                String message = "CWMEM0006E: " + h2 + " is the H2 database of an earlier Memoria, which this version"
                        + " cannot read. Move its memory out first: start the previous release once with"
                        + " MEMORIA_DB_URL='jdbc:h2:" + folder.resolve("memoria")
                        + ";MODE=LEGACY', export each tenant (GET /api/v1/export or `memoria export`), then rename "
                        + H2_FILE + ", start this version without MEMORIA_DB_URL and import the files (POST"
                        + " /api/v1/import or `memoria import`; operations.md, 'From the former H2 default')";
                LOG.severe(message);
                throw new IllegalStateException(message);
            }
        }
    }

    private static boolean holdsDatabase(Path folder) {
        return Files.exists(folder.resolve("PG_VERSION"));
    }

    /** A rename where it can; across file systems a copy, then the original removed. */
    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException renameFailed) {
            copyTree(from, to);
            deleteTree(from);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Files.createDirectories(to.resolve(from.relativize(dir).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.copy(
                        file,
                        to.resolve(from.relativize(file).toString()),
                        StandardCopyOption.COPY_ATTRIBUTES,
                        StandardCopyOption.REPLACE_EXISTING);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static void deleteTree(Path root) throws IOException {
        try (var paths = Files.walk(root)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
