package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Who may call: tokens are verified with the key and issuer from the environment (which outrank the
 * server's development defaults), roles and memory_scopes are enforced, and every refusal is a problem.
 */
@ExtendWith(ArquillianExtension.class)
class AuthenticationIT extends Deployments {

    private final String tenant = Tokens.newTenant("auth");
    private final Api anonymous = new Api(Api.serverBase(), null);

    @Test
    void noTokenIs401WithBearerChallengeAndProblem() {
        Api.Reply reply = anonymous.get("api/v1/scopes");
        assertUnauthorized(reply);
    }

    @Test
    void expiredTokenIs401() {
        Map<String, Object> claims = Tokens.claims(tenant, Tokens.ALL_ROLES);
        claims.put("exp", (Long) claims.get("iat") - 600);
        claims.put("iat", (Long) claims.get("iat") - 1200);
        assertUnauthorized(anonymous.as(Tokens.sign(claims)).get("api/v1/scopes"));
    }

    @Test
    void wrongIssuerIs401() {
        Map<String, Object> claims = Tokens.claims(tenant, Tokens.ALL_ROLES);
        claims.put("iss", "https://somebody.else");
        assertUnauthorized(anonymous.as(Tokens.sign(claims)).get("api/v1/scopes"));
    }

    @Test
    void developmentIssuerIsRefusedBecauseTheEnvironmentWins() {
        Map<String, Object> claims = Tokens.claims(tenant, Tokens.ALL_ROLES);
        claims.put("iss", "memoria-dev"); // the server.xml default, overridden by MP_JWT_VERIFY_ISSUER
        assertUnauthorized(anonymous.as(Tokens.sign(claims)).get("api/v1/scopes"));
    }

    @Test
    void tokenSignedByAnotherKeyIs401() {
        String forged = Tokens.signWith(Tokens.claims(tenant, Tokens.ALL_ROLES), Tokens.untrustedKey());
        assertUnauthorized(anonymous.as(forged).get("api/v1/scopes"));
    }

    @Test
    void unsignedAlgNoneTokenIs401() {
        String header = dev.memoria.platform.devtools.DevToken.base64Url("{\"alg\":\"none\",\"typ\":\"JWT\"}");
        String payload = dev.memoria.platform.devtools.DevToken.base64Url(
                dev.memoria.platform.devtools.DevToken.json(Tokens.claims(tenant, Tokens.ALL_ROLES)));
        assertUnauthorized(anonymous.as(header + "." + payload + ".").get("api/v1/scopes"));
    }

    @Test
    void garbageTokenIs401() {
        assertUnauthorized(anonymous.as("not-a-jwt").get("api/v1/scopes"));
    }

    @Test
    void tokenWithoutTenantClaimIs401() {
        assertUnauthorized(
                anonymous.as(Tokens.sign(Tokens.claims(null, Tokens.ALL_ROLES))).get("api/v1/scopes"));
    }

    @Test
    void tokenWithMalformedTenantIs401() {
        assertUnauthorized(
                anonymous.as(Tokens.token("Bad_Tenant!", Tokens.ALL_ROLES)).get("api/v1/scopes"));
    }

    @Test
    void validTokenIsAccepted() {
        Api.Reply reply =
                anonymous.as(Tokens.token(tenant, List.of("memory.read"))).get("api/v1/scopes");
        assertEquals(200, reply.status(), reply.toString());
        assertEquals(0, reply.items().size());
    }

    @Test
    void readerCannotWrite() {
        Api reader = anonymous.as(Tokens.token(tenant, List.of("memory.read")));
        Api.Reply reply = reader.post("api/v1/scopes/user:1/facts", "{\"content\":\"x\"}");
        assertForbidden(reply);
        Api admin = anonymous.as(Tokens.token(tenant, Tokens.ALL_ROLES));
        assertEquals(0, admin.get("api/v1/scopes/user:1/facts").items().size(), "nothing was written");
    }

    @Test
    void tokenWithoutMemoryRolesCannotRead() {
        assertForbidden(
                anonymous.as(Tokens.token(tenant, List.of("something.else"))).get("api/v1/scopes/user:1/facts"));
    }

    @Test
    void writerImpliesReaderAndAdminImpliesBoth() {
        Api writer = anonymous.as(Tokens.token(tenant, List.of("memory.write")));
        assertEquals(
                201,
                writer.post("api/v1/scopes/user:2/facts", "{\"content\":\"Writers can write\"}")
                        .status());
        assertEquals(1, writer.get("api/v1/scopes/user:2/facts").items().size());
        Api admin = anonymous.as(Tokens.token(tenant, List.of("memory.admin")));
        assertEquals(
                201,
                admin.post("api/v1/scopes/user:2/facts", "{\"content\":\"Admins can write too\"}")
                        .status());
        assertEquals(2, admin.get("api/v1/scopes/user:2/facts").items().size());
    }

    @Test
    void memoryScopesLimitTheTokenSegmentBySegment() {
        Api limited = anonymous.as(Tokens.token(tenant, Tokens.ALL_ROLES, List.of("user:42")));
        assertEquals(
                201,
                limited.post("api/v1/scopes/user:42/facts", "{\"content\":\"In my own scope\"}")
                        .status());
        assertEquals(
                201,
                limited.post("api/v1/scopes/user:42:project:x/facts", "{\"content\":\"Below my scope\"}")
                        .status());
        assertForbidden(limited.post("api/v1/scopes/user:421/facts", "{\"content\":\"Not mine\"}"));
        assertForbidden(limited.get("api/v1/scopes/user:421/facts"));
        assertForbidden(limited.get("api/v1/scopes/global/facts"));

        Api admin = anonymous.as(Tokens.token(tenant, Tokens.ALL_ROLES));
        assertEquals(0, admin.get("api/v1/scopes/user:421/facts").items().size(), "the refused write wrote nothing");
        admin.post("api/v1/scopes/user:7/facts", "{\"content\":\"Someone else's memory\"}");
        List<String> visible = limited.get("api/v1/scopes").items().stream()
                .map(v -> v.asJsonObject().getString("scope"))
                .toList();
        assertEquals(List.of("user:42", "user:42:project:x"), visible);
    }

    private static void assertUnauthorized(Api.Reply reply) {
        assertEquals(401, reply.status(), reply.toString());
        String challenge = reply.header("WWW-Authenticate");
        assertNotNull(challenge, "401 must carry WWW-Authenticate");
        assertTrue(challenge.startsWith("Bearer"), challenge);
        assertTrue(reply.contentType().startsWith("application/problem+json"), reply.toString());
        assertEquals(401, reply.json().getInt("status"));
    }

    private static void assertForbidden(Api.Reply reply) {
        assertEquals(403, reply.status(), reply.toString());
        assertTrue(reply.contentType().startsWith("application/problem+json"), reply.contentType());
        assertEquals(403, reply.json().getInt("status"));
    }
}
