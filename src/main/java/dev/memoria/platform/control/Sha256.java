package dev.memoria.platform.control;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The SHA-256 of a text's UTF-8 bytes, in lower-case hex: digests of contents, of texts to embed, of tokens. */
public final class Sha256 {

    private Sha256() {}

    public static String hex(String text) {
        return hex(digest().digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** A digest to feed in parts, such as every erased fact of a receipt. */
    public static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    public static String hex(byte[] digest) {
        return HexFormat.of().formatHex(digest);
    }
}
