package dev.memoria.platform.devtools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Prints a development JWT signed with the dev key the server made at first start. Self-contained (JDK
 * only, no other class of the project), so it runs
 * straight from source: {@code java src/main/java/dev/memoria/platform/devtools/DevToken.java --tenant acme}.
 * It refuses to run when the environment points at a production key or database.
 */
public final class DevToken {

    public static final String DEV_ISSUER = "memoria-dev";

    /** Where the server makes its dev key pair by default: MEMORIA_DEV_KEYS_DIR, else dev-keys in MEMORIA_DATA_DIR. */
    static Path defaultKeys() {
        String keys = System.getenv("MEMORIA_DEV_KEYS_DIR");
        if (keys != null && !keys.isBlank()) {
            return Path.of(keys);
        }
        String data = System.getenv("MEMORIA_DATA_DIR");
        return (data != null && !data.isBlank() ? Path.of(data) : Path.of(System.getProperty("user.home"), ".memoria"))
                .resolve("dev-keys");
    }

    private DevToken() {}

    public static void main(String[] args) throws Exception {
        for (String productionVariable : List.of("MP_JWT_VERIFY_PUBLICKEY_LOCATION", "MEMORIA_DB_URL")) {
            String value = System.getenv(productionVariable);
            if (value != null && !value.isBlank()) {
                fail(
                        productionVariable
                                + " is set: this looks like a production configuration, and dev tokens are for development only.");
            }
        }
        Map<String, String> options = options(args);
        String tenant = options.getOrDefault("tenant", "acme");
        List<String> roles = List.of(options.getOrDefault("roles", "memory.read,memory.write,memory.admin")
                .split(","));
        String subject = options.getOrDefault("sub", "dev-user");
        Duration ttl = Duration.ofMinutes(Long.parseLong(options.getOrDefault("minutes", "60")));
        Path keys = options.containsKey("keys") ? Path.of(options.get("keys")) : defaultKeys();
        Path privateKey = keys.resolve("private.pem");
        if (!Files.exists(privateKey)) {
            fail("No dev key at " + privateKey
                    + ". Start the server once with ./mvnw liberty:run; it creates the key pair.");
        }
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("iss", options.getOrDefault("issuer", DEV_ISSUER));
        claims.put("sub", subject);
        claims.put("tenant", tenant);
        claims.put("groups", roles);
        if (options.containsKey("scopes")) {
            claims.put("memory_scopes", List.of(options.get("scopes").split(",")));
        }
        Instant now = Instant.now();
        claims.put("iat", now.getEpochSecond());
        claims.put("exp", now.plus(ttl).getEpochSecond());
        claims.put("jti", UUID.randomUUID().toString());
        System.out.println(sign(claims, readPrivateKey(privateKey)));
    }

    /** An RS256 compact JWS of the given claims. */
    public static String sign(Map<String, ?> claims, PrivateKey key) {
        String header = base64Url(json(Map.of("alg", "RS256", "typ", "JWT")));
        String payload = base64Url(json(claims));
        String signingInput = header + "." + payload;
        try {
            Signature rsa = Signature.getInstance("SHA256withRSA");
            rsa.initSign(key);
            rsa.update(signingInput.getBytes(StandardCharsets.US_ASCII));
            return signingInput + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(rsa.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot sign the token", e);
        }
    }

    public static PrivateKey readPrivateKey(Path file) throws IOException {
        String base64 = Files.readString(file, StandardCharsets.US_ASCII)
                .replaceAll("-----[A-Z ]+-----", "")
                .replaceAll("\\s", "");
        try {
            return KeyFactory.getInstance("RSA")
                    .generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
        } catch (GeneralSecurityException e) {
            throw new IOException("Not a PKCS#8 RSA private key: " + file, e);
        }
    }

    public static String base64Url(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Minimal JSON for claims: strings, numbers, booleans and lists of them. */
    public static String json(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        if (value instanceof Map<?, ?> map) {
            List<String> members = new ArrayList<>();
            map.forEach((k, v) -> members.add(json(String.valueOf(k)) + ":" + json(v)));
            return "{" + String.join(",", members) + "}";
        }
        if (value instanceof Iterable<?> items) {
            List<String> elements = new ArrayList<>();
            items.forEach(item -> elements.add(json(item)));
            return "[" + String.join(",", elements) + "]";
        }
        StringBuilder out = new StringBuilder("\"");
        for (char c : value.toString().toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                fail("usage: DevToken [--tenant acme] [--roles memory.read,memory.write] [--sub alice] "
                        + "[--scopes user:42] [--minutes 60] [--keys DIR]");
            }
            options.put(args[i].substring(2), args[++i]);
        }
        return options;
    }

    private static void fail(String message) {
        System.err.println("DevToken: " + message);
        System.exit(2);
    }
}
