package dev.memoria.platform.embeddeddb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedPostgresPasswordTest {

    @TempDir
    Path folder;

    @Test
    void aNewPasswordIsRandomAndItsFileReadableByItsOwnerOnly() throws Exception {
        Path file = folder.resolve("postgres.password");
        EmbeddedPostgresPassword password = EmbeddedPostgresPassword.readOrCreate(file);

        assertTrue(password.created());
        assertTrue(password.value().matches("[A-Za-z0-9_-]{43}"), "32 random bytes in base64url");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals(password.value() + "\n", Files.readString(file));
        assertFalse(Files.exists(folder.resolve("postgres.password.new")));
        assertFalse(password.toString().contains(password.value()));
        assertNotEquals(
                password.value(),
                EmbeddedPostgresPassword.readOrCreate(folder.resolve("other.password"))
                        .value());
    }

    @Test
    void anExistingFileIsReadAndTightenedWhenOthersCouldReadIt() throws Exception {
        Path file = folder.resolve("postgres.password");
        String value = EmbeddedPostgresPassword.readOrCreate(file).value();
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

        EmbeddedPostgresPassword again = EmbeddedPostgresPassword.readOrCreate(file);

        assertFalse(again.created());
        assertEquals(value, again.value());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    @Test
    void theScramVerifierHasPostgresqlsFormat() {
        byte[] salt = new byte[16];
        String verifier = EmbeddedPostgresPassword.scramVerifier("pencil", salt, 4096);

        String[] parts = verifier.split("[$:]");
        assertEquals("SCRAM-SHA-256", parts[0]);
        assertEquals("4096", parts[1]);
        assertEquals(16, Base64.getDecoder().decode(parts[2]).length);
        assertEquals(32, Base64.getDecoder().decode(parts[3]).length);
        assertEquals(32, Base64.getDecoder().decode(parts[4]).length);
        assertEquals(verifier, EmbeddedPostgresPassword.scramVerifier("pencil", salt, 4096));
        assertNotEquals(verifier, EmbeddedPostgresPassword.scramVerifier("pencil2", salt, 4096));
    }
}
