package dev.memoria.console.control;

import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * PBKDF2 password hashes in Jakarta Security's Pbkdf2PasswordHash format,
 * {@code PBKDF2WithHmacSHA256:<iterations>:<base64 salt>:<base64 hash>}, so the container's
 * implementation verifies these hashes and the other way round. Written with javax.crypto rather than
 * injected from appSecurity-5.0: that feature switches Jakarta Security on for the whole WAR, whose
 * /api requests must keep authenticating through MP-JWT alone, and this way the hash is unit-tested.
 */
public final class PasswordHash {

    public static final String ALGORITHM = "PBKDF2WithHmacSHA256";
    /** OWASP's 2023 figure for PBKDF2-HMAC-SHA256. */
    public static final int ITERATIONS = 600_000;
    static final int SALT_BYTES = 32;
    static final int KEY_BYTES = 32;

    private static final SecureRandom RANDOM = new SecureRandom();

    private PasswordHash() {
    }

    public static String hash(char[] password) {
        return hash(password, ITERATIONS);
    }

    static String hash(char[] password, int iterations) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        byte[] key = derive(password, salt, iterations, KEY_BYTES);
        Base64.Encoder base64 = Base64.getEncoder();
        return ALGORITHM + ":" + iterations + ":" + base64.encodeToString(salt) + ":" + base64.encodeToString(key);
    }

    /** True when {@code password} produces {@code stored}; a malformed stored value never matches. */
    public static boolean verify(char[] password, String stored) {
        String[] parts = stored == null ? new String[0] : stored.split(":");
        if (parts.length != 4 || !parts[0].equals(ALGORITHM)) {
            return false;
        }
        try {
            int iterations = Integer.parseInt(parts[1]);
            byte[] salt = Base64.getDecoder().decode(parts[2]);
            byte[] expected = Base64.getDecoder().decode(parts[3]);
            if (iterations < 1 || salt.length == 0 || expected.length == 0) {
                return false;
            }
            return MessageDigest.isEqual(expected, derive(password, salt, iterations, expected.length));
        } catch (IllegalArgumentException malformed) {
            return false;
        }
    }

    private static byte[] derive(char[] password, byte[] salt, int iterations, int bytes) {
        PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, bytes * 8);
        try {
            return SecretKeyFactory.getInstance(ALGORITHM).generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(ALGORITHM + " is part of every JDK", e);
        } finally {
            spec.clearPassword();
        }
    }
}
