package dev.memoria.platform.embeddeddb;

import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import io.zonky.test.db.postgres.embedded.PgBinaryResolver;
import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The library's binaries, for one data folder: a resolver of its own per folder, because the library caches the
 * folder it unpacked them in by resolver (with its shared one, a second data folder in the JVM would run the
 * first one's binaries), and one that knows where they are, {@code PG-<MD5 of the archive>} in the folder it is
 * given: the server runs {@code postgres} itself once, in single-user mode, to set the password of a data folder
 * an earlier version made.
 */
final class EmbeddedPostgresBinaries implements PgBinaryResolver {

    private static final Map<Path, EmbeddedPostgresBinaries> BY_FOLDER = new ConcurrentHashMap<>();

    private final Path folder;
    private volatile Path unpacked;

    private EmbeddedPostgresBinaries(Path folder) {
        this.folder = folder;
    }

    /** The same resolver for the same folder, so that a restart in this JVM finds them unpacked. */
    static EmbeddedPostgresBinaries in(Path folder) {
        return BY_FOLDER.computeIfAbsent(folder, EmbeddedPostgresBinaries::new);
    }

    @Override
    public InputStream getPgBinary(String system, String machineHardware) throws IOException {
        InputStream archive = DefaultPostgresBinaryResolver.INSTANCE.getPgBinary(system, machineHardware);
        if (archive == null) {
            return null;
        }
        byte[] bytes;
        try (archive) {
            bytes = archive.readAllBytes();
        }
        try {
            // the library's own name for the folder it unpacks an archive in
            unpacked = folder.resolve("PG-"
                    + HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(bytes)));
        } catch (NoSuchAlgorithmException e) {
            throw new IOException(e);
        }
        return new ByteArrayInputStream(bytes);
    }

    /**
     * The command that runs one of the binaries, as the library runs it: in a user namespace of its own when
     * this is root (PostgreSQL refuses to run as root).
     */
    List<String> command(String program) throws IOException {
        Path binaries = unpacked;
        if (binaries == null) {
            throw new IOException("The PostgreSQL binaries for " + folder + " have not been unpacked");
        }
        boolean windows = System.getProperty("os.name", "").startsWith("Windows");
        Path executable = binaries.resolve("bin").resolve(windows ? program + ".exe" : program);
        if (!Files.isExecutable(executable)) {
            throw new IOException("No PostgreSQL binary " + executable);
        }
        List<String> command = new ArrayList<>();
        if (LinuxUtils.isUnshareAvailable()) {
            command.addAll(List.of("unshare", "-U"));
        }
        command.add(executable.toString());
        return command;
    }
}
