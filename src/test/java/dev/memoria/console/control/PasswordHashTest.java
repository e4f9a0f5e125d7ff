package dev.memoria.console.control;

import org.junit.jupiter.api.Test;

import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PasswordHashTest {

    @Test
    void storesJakartaSecuritysPbkdf2Format() throws Exception {
        String stored = PasswordHash.hash("correct horse".toCharArray(), 1000);
        String[] parts = stored.split(":");
        assertEquals(4, parts.length);
        assertEquals("PBKDF2WithHmacSHA256", parts[0]);
        assertEquals("1000", parts[1]);
        byte[] salt = Base64.getDecoder().decode(parts[2]);
        assertEquals(32, salt.length);
        byte[] expected = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                .generateSecret(new PBEKeySpec("correct horse".toCharArray(), salt, 1000, 256)).getEncoded();
        assertArrayEquals(expected, Base64.getDecoder().decode(parts[3]), "the hash is plain PBKDF2 of the salt");
    }

    @Test
    void verifiesTheRightPasswordOnly() {
        String stored = PasswordHash.hash("correct horse".toCharArray(), 1000);
        assertTrue(PasswordHash.verify("correct horse".toCharArray(), stored));
        assertFalse(PasswordHash.verify("correct horsE".toCharArray(), stored));
        assertFalse(PasswordHash.verify("".toCharArray(), stored));
    }

    @Test
    void saltsEveryHash() {
        assertNotEquals(PasswordHash.hash("same".toCharArray(), 1000), PasswordHash.hash("same".toCharArray(), 1000));
    }

    @Test
    void malformedStoredValuesNeverMatch() {
        for (String stored : new String[]{null, "", "plain", "MD5:1:YQ==:YQ==", "PBKDF2WithHmacSHA256:x:YQ==:YQ==",
                "PBKDF2WithHmacSHA256:0:YQ==:YQ==", "PBKDF2WithHmacSHA256:10:!!:YQ=="}) {
            assertFalse(PasswordHash.verify("a".toCharArray(), stored), String.valueOf(stored));
        }
    }

    @Test
    void theDefaultCostFollowsOwasp() {
        assertTrue(PasswordHash.hash("x".toCharArray()).startsWith("PBKDF2WithHmacSHA256:600000:"));
    }
}
