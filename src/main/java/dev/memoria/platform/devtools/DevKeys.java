package dev.memoria.platform.devtools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/** The development signing key pair: PEM files the server trusts and the token tool signs with. */
public final class DevKeys {

    public static final String PUBLIC_KEY_FILE = "public.pem";
    public static final String PRIVATE_KEY_FILE = "private.pem";

    private DevKeys() {}

    /** Creates an RSA key pair in {@code dir} unless one is there already. */
    public static boolean ensure(Path dir) throws IOException {
        Path publicKey = dir.resolve(PUBLIC_KEY_FILE);
        Path privateKey = dir.resolve(PRIVATE_KEY_FILE);
        if (Files.exists(publicKey) && Files.exists(privateKey)) {
            return false;
        }
        KeyPair pair = generate();
        Files.createDirectories(dir);
        Path tmpPrivate = Files.createTempFile(dir, "private", ".tmp");
        try {
            Files.setPosixFilePermissions(tmpPrivate, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException notPosix) {
            // Windows: the directory's own permissions apply
        }
        Files.writeString(tmpPrivate, pem("PRIVATE KEY", pair.getPrivate().getEncoded()), StandardCharsets.US_ASCII);
        Files.move(tmpPrivate, privateKey, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(publicKey, pem("PUBLIC KEY", pair.getPublic().getEncoded()), StandardCharsets.US_ASCII);
        return true;
    }

    public static KeyPair generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String pem(String label, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der);
        return "-----BEGIN " + label + "-----\n" + body + "\n-----END " + label + "-----\n";
    }
}
