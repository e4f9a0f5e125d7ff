package dev.memoria.console.control;

import java.util.Base64;
import java.util.Optional;

/**
 * A stored hash in Jakarta Security's Pbkdf2PasswordHash format,
 * {@code PBKDF2WithHmac<SHA>:<iterations>:<base64 salt>:<base64 hash>}, read without the container: tells
 * a well-formed hash from a damaged one, and whether it was made with fewer iterations than today's.
 */
public record Pbkdf2Format(String algorithm, int iterations, int saltBytes, int keyBytes) {

    public static Optional<Pbkdf2Format> parse(String stored) {
        String[] parts = stored == null ? new String[0] : stored.split(":");
        if (parts.length != 4 || !parts[0].startsWith("PBKDF2WithHmacSHA")) {
            return Optional.empty();
        }
        try {
            int iterations = Integer.parseInt(parts[1]);
            int salt = Base64.getDecoder().decode(parts[2]).length;
            int key = Base64.getDecoder().decode(parts[3]).length;
            return iterations > 0 && salt > 0 && key > 0
                    ? Optional.of(new Pbkdf2Format(parts[0], iterations, salt, key))
                    : Optional.empty();
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }

    /** True when this hash is cheaper to attack than one made with {@code algorithm} and {@code iterations}. */
    public boolean isWeakerThan(String algorithm, int iterations) {
        return !this.algorithm.equals(algorithm) || this.iterations < iterations;
    }
}
