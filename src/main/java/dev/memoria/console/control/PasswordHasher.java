package dev.memoria.console.control;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.identitystore.Pbkdf2PasswordHash;
import java.util.Map;

/** Console passwords through Jakarta Security's Pbkdf2PasswordHash, with today's cost settings. */
@ApplicationScoped
public class PasswordHasher {

    public static final String ALGORITHM = "PBKDF2WithHmacSHA256";
    /** OWASP's 2023 figure for PBKDF2-HMAC-SHA256 (the container's default, 2048, is far too low). */
    public static final int ITERATIONS = 600_000;

    static final Map<String, String> PARAMETERS = Map.of(
            "Pbkdf2PasswordHash.Algorithm",
            ALGORITHM,
            "Pbkdf2PasswordHash.Iterations",
            String.valueOf(ITERATIONS),
            "Pbkdf2PasswordHash.SaltSizeBytes",
            "32",
            "Pbkdf2PasswordHash.KeySizeBytes",
            "32");

    @Inject
    Pbkdf2PasswordHash pbkdf2;

    /** Verified against when a user does not exist, so that case takes as long as a wrong password. */
    private String decoy;

    @PostConstruct
    void configure() {
        pbkdf2.initialize(PARAMETERS);
        decoy = hash("not the password of anyone");
    }

    public String hash(String password) {
        return pbkdf2.generate(password.toCharArray());
    }

    /** A damaged stored value never matches (and never throws). */
    public boolean verify(String password, String stored) {
        if (password == null || Pbkdf2Format.parse(stored).isEmpty()) {
            return false;
        }
        try {
            return pbkdf2.verify(password.toCharArray(), stored);
        } catch (RuntimeException damaged) {
            return false;
        }
    }

    /** Spends the time of one verification, for an unknown user name. */
    public void verifyDecoy(String password) {
        verify(password == null ? "" : password, decoy);
    }

    /** True when the stored hash was made with weaker settings than today's and should be replaced. */
    public boolean isOutdated(String stored) {
        return Pbkdf2Format.parse(stored)
                .map(format -> format.isWeakerThan(ALGORITHM, ITERATIONS))
                .orElse(true);
    }
}
