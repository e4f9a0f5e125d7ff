package dev.memoria.console.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.junit.jupiter.api.Test;

class Pbkdf2FormatTest {

    /** What Pbkdf2PasswordHash stores: algorithm, iterations, Base64 salt, Base64 PBKDF2 output. */
    static String jakartaStyleHash(String password, byte[] salt, int iterations) throws Exception {
        byte[] key = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                .generateSecret(new PBEKeySpec(password.toCharArray(), salt, iterations, 256))
                .getEncoded();
        return "PBKDF2WithHmacSHA256:" + iterations + ":" + Base64.getEncoder().encodeToString(salt) + ":"
                + Base64.getEncoder().encodeToString(key);
    }

    @Test
    void readsTheStoredFormat() throws Exception {
        Pbkdf2Format format = Pbkdf2Format.parse(jakartaStyleHash("pw", new byte[32], 600_000))
                .orElseThrow();
        assertEquals("PBKDF2WithHmacSHA256", format.algorithm());
        assertEquals(600_000, format.iterations());
        assertEquals(32, format.saltBytes());
        assertEquals(32, format.keyBytes());
    }

    @Test
    void theContainersOldDefaultIsOutdated() throws Exception {
        Pbkdf2Format containerDefault =
                Pbkdf2Format.parse(jakartaStyleHash("pw", new byte[32], 2048)).orElseThrow();
        assertTrue(containerDefault.isWeakerThan(PasswordHasher.ALGORITHM, PasswordHasher.ITERATIONS));
        Pbkdf2Format current = Pbkdf2Format.parse(jakartaStyleHash("pw", new byte[32], PasswordHasher.ITERATIONS))
                .orElseThrow();
        assertFalse(current.isWeakerThan(PasswordHasher.ALGORITHM, PasswordHasher.ITERATIONS));
        assertTrue(new Pbkdf2Format("PBKDF2WithHmacSHA1", 1_000_000, 32, 32)
                .isWeakerThan(PasswordHasher.ALGORITHM, PasswordHasher.ITERATIONS));
    }

    @Test
    void damagedValuesAreNotHashes() {
        for (String stored : new String[] {
            null,
            "",
            "plain",
            "MD5:1:YQ==:YQ==",
            "PBKDF2WithHmacSHA256:x:YQ==:YQ==",
            "PBKDF2WithHmacSHA256:0:YQ==:YQ==",
            "PBKDF2WithHmacSHA256:10:!!:YQ==",
            "PBKDF2WithHmacSHA256:10::YQ==",
            "PBKDF2WithHmacSHA256:10:YQ==:YQ==:extra"
        }) {
            assertTrue(Pbkdf2Format.parse(stored).isEmpty(), String.valueOf(stored));
        }
    }
}
