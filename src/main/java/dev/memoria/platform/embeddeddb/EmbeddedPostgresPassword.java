package dev.memoria.platform.embeddeddb;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.EnumSet;
import java.util.Set;
import java.util.logging.Logger;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The password of the embedded PostgreSQL's superuser {@code postgres}: 32 random bytes from {@link SecureRandom}
 * (43 characters of base64url, nothing a URL, an SQL literal or a {@code .pgpass} line would have to escape),
 * kept in a file beside the data folder that only its owner can read. The file is written under another name,
 * created with mode 0600 from the start (never readable by others, not even for a moment), flushed and then
 * renamed: a crash leaves either no password file or a whole one.
 */
final class EmbeddedPostgresPassword {

    private static final Logger LOG = Logger.getLogger(EmbeddedPostgresPassword.class.getName());
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int SCRAM_ITERATIONS = 4096;

    private final String value;
    private final boolean created;

    private EmbeddedPostgresPassword(String value, boolean created) {
        this.value = value;
        this.created = created;
    }

    /** The password in {@code file}; a new one, written there, when there is no such file. */
    static EmbeddedPostgresPassword readOrCreate(Path file) throws IOException {
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return new EmbeddedPostgresPassword(read(file), false);
        }
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(randomBytes(32));
        write(file, password);
        return new EmbeddedPostgresPassword(password, true);
    }

    String value() {
        return value;
    }

    /** Whether this start wrote the file (a new data folder, one of an earlier version, or a deleted file). */
    boolean created() {
        return created;
    }

    /**
     * The SCRAM-SHA-256 verifier PostgreSQL stores for this password ({@code pg_authid.rolpassword}), so that an
     * {@code ALTER ROLE} sets the password without the password itself in the statement.
     */
    String scramVerifier() {
        return scramVerifier(value, randomBytes(16), SCRAM_ITERATIONS);
    }

    static String scramVerifier(String password, byte[] salt, int iterations) {
        try {
            // PostgreSQL SASLprep-normalises the password first: a no-op for the ASCII ones made here
            byte[] salted = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                    .generateSecret(new PBEKeySpec(password.toCharArray(), salt, iterations, 256))
                    .getEncoded();
            byte[] storedKey = MessageDigest.getInstance("SHA-256").digest(hmac(salted, "Client Key"));
            byte[] serverKey = hmac(salted, "Server Key");
            Base64.Encoder base64 = Base64.getEncoder();
            return "SCRAM-SHA-256$" + iterations + ":" + base64.encodeToString(salt) + "$"
                    + base64.encodeToString(storedKey) + ":" + base64.encodeToString(serverKey);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SCRAM-SHA-256 is not available", e);
        }
    }

    @Override
    public String toString() {
        return "EmbeddedPostgresPassword[hidden]";
    }

    private static byte[] hmac(byte[] key, String message) throws GeneralSecurityException {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(message.getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] randomBytes(int count) {
        byte[] bytes = new byte[count];
        RANDOM.nextBytes(bytes);
        return bytes;
    }

    private static String read(Path file) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("The embedded PostgreSQL's password file " + file + " is not a regular file");
        }
        if (posix(file)) {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
            if (!OWNER_ONLY.containsAll(permissions)) {
                LOG.warning(() -> "CWMEM0004W: The embedded PostgreSQL's password file " + file + " was readable by "
                        + "others (" + PosixFilePermissions.toString(permissions) + "): now rw------- (change the "
                        + "password by deleting the file: the next start sets a new one)");
                Files.setPosixFilePermissions(file, OWNER_ONLY);
            }
        }
        String password = Files.readString(file, StandardCharsets.US_ASCII).strip();
        if (password.isEmpty()) {
            throw new IOException("The embedded PostgreSQL's password file " + file
                    + " is empty: delete it and the next start sets a new password");
        }
        return password;
    }

    private static void write(Path file, String password) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path partial = parent.resolve(file.getFileName() + ".new");
        Files.deleteIfExists(partial);
        boolean posix = posix(parent);
        FileAttribute<?>[] attributes = posix
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OWNER_ONLY)}
                : new FileAttribute<?>[0];
        // CREATE_NEW: never through a link someone else put there; the mode is the creating call's (the umask
        // can only take bits away from 0600)
        try (FileChannel channel = FileChannel.open(
                partial, EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), attributes)) {
            if (!posix) {
                ownerOnly(partial);
            }
            ByteBuffer bytes = ByteBuffer.wrap((password + "\n").getBytes(StandardCharsets.US_ASCII));
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            channel.force(true);
        }
        try {
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(partial, file);
        }
        syncDirectory(parent);
    }

    private static boolean posix(Path path) {
        return FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
                && path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    /** Where there are no POSIX permissions (Windows): readable and writable by its owner only, as far as Java can. */
    private static void ownerOnly(Path file) {
        var f = file.toFile();
        f.setReadable(false, false);
        f.setWritable(false, false);
        f.setReadable(true, true);
        f.setWritable(true, true);
    }

    /** The rename is durable once the folder is flushed: not possible everywhere (Windows), and then skipped. */
    private static void syncDirectory(Path folder) {
        try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            LOG.fine(() -> "Cannot flush the folder " + folder + ": " + e);
        }
    }
}
