package dev.memoria.cli;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;

/**
 * The claims of a bearer token, read without checking its signature (the server does that): enough to say who the
 * token names and when it expires, so an expired token is reported as expired rather than as "invalid".
 */
final class Token {

    private Token() {}

    /** The token's claims, or empty when it is not a JWT. */
    static Optional<JsonObject> claims(String token) {
        if (token == null) {
            return Optional.empty();
        }
        String[] parts = token.strip().split("\\.");
        if (parts.length != 3) {
            return Optional.empty();
        }
        try {
            return Optional.of(
                    ServerClient.parse(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8)));
        } catch (RuntimeException notJwt) {
            return Optional.empty();
        }
    }

    /** When the token expires ("exp"), if it says so. */
    static Optional<Instant> expiry(String token) {
        return claims(token)
                .filter(c -> c.get("exp") instanceof JsonNumber)
                .map(c -> Instant.ofEpochSecond(c.getJsonNumber("exp").longValue()));
    }

    /** The time it expired, when that is in the past. */
    static Optional<Instant> expired(String token) {
        return expiry(token).filter(exp -> exp.isBefore(Instant.now()));
    }
}
