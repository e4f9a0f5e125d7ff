package it.support;

import dev.memoria.platform.devtools.DevKeys;
import dev.memoria.platform.devtools.DevToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Mints JWTs the way an identity provider would, signed with the key the test server trusts. */
public final class Tokens {

    public static final String ISSUER = "https://it.memoria.test";
    public static final List<String> ALL_ROLES = List.of("memory.read", "memory.write", "memory.admin");

    private static PrivateKey key;

    private Tokens() {}

    /** A fresh tenant id, so that test classes never see each other's data. */
    public static String newTenant(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    public static String token(String tenant, List<String> roles) {
        return sign(claims(tenant, roles));
    }

    public static String token(String tenant, List<String> roles, List<String> memoryScopes) {
        Map<String, Object> claims = claims(tenant, roles);
        claims.put("memory_scopes", memoryScopes);
        return sign(claims);
    }

    public static Map<String, Object> claims(String tenant, List<String> roles) {
        Map<String, Object> claims = new LinkedHashMap<>();
        long now = Instant.now().getEpochSecond();
        claims.put("iss", ISSUER);
        claims.put("sub", "it-user");
        if (tenant != null) {
            claims.put("tenant", tenant);
        }
        claims.put("groups", roles);
        claims.put("iat", now);
        claims.put("exp", now + 3600);
        claims.put("jti", UUID.randomUUID().toString());
        return claims;
    }

    public static String sign(Map<String, ?> claims) {
        return DevToken.sign(claims, trustedKey());
    }

    public static String signWith(Map<String, ?> claims, PrivateKey otherKey) {
        return DevToken.sign(claims, otherKey);
    }

    public static PrivateKey untrustedKey() {
        return DevKeys.generate().getPrivate();
    }

    private static synchronized PrivateKey trustedKey() {
        if (key == null) {
            try {
                key = DevToken.readPrivateKey(Path.of(System.getProperty("it.keys.dir"), "private.pem"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return key;
    }
}
