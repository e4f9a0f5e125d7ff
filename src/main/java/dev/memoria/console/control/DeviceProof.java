package dev.memoria.console.control;

import dev.memoria.console.entity.ConsoleUser;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What a browser keeps once it signed in as a user: an HMAC of the user name keyed by the user's password hash,
 * which only the server knows. It lets the owner's own browser past a sign-in throttle that strangers keep up
 * against the name (OWASP's device cookies), needs no table, and is void once the password changes.
 */
final class DeviceProof {

    private DeviceProof() {}

    static String of(ConsoleUser user) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(user.passwordHash().getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            byte[] proof = mac.doFinal(("device|" + user.username()).getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(proof);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    static boolean matches(ConsoleUser user, String proof) {
        return MessageDigest.isEqual(of(user).getBytes(StandardCharsets.UTF_8), proof.getBytes(StandardCharsets.UTF_8));
    }
}
