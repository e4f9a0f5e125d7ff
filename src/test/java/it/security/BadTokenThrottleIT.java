package it.security;

import static it.support.ProblemAssertions.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Tokens: a client that keeps sending bad tokens is refused before its tokens are even checked (each check costs a
 * signature verification and a log line), while every other client goes on. Clients are told apart by the
 * X-Forwarded-For of a proxy the test server trusts.
 */
@ExtendWith(ArquillianExtension.class)
class BadTokenThrottleIT extends Deployments {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private static final String TENANT = Tokens.newTenant("badtokens");

    @Test
    void aClientSendingBadTokensWaitsAndOthersDoNot() throws Exception {
        String attacker = "2001:db8:bad:" + UUID.randomUUID().toString().substring(0, 4) + "::1";
        String valid = Tokens.token(TENANT, Tokens.ALL_ROLES);
        int refusedBeforeChecking = -1;
        for (int i = 1; i <= 40 && refusedBeforeChecking < 0; i++) {
            HttpResponse<String> reply = get(attacker, "not.a.token" + i);
            if (reply.statusCode() == 429) {
                refusedBeforeChecking = i;
                String retryAfter = reply.headers().firstValue("Retry-After").orElse("");
                assertTrue(Long.parseLong(retryAfter) >= 1, "Retry-After: " + retryAfter);
            } else {
                assertEquals(401, reply.statusCode(), reply.body());
            }
        }
        assertTrue(
                refusedBeforeChecking > 1, "the client was throttled after its free tries: " + refusedBeforeChecking);
        assertEquals(429, get(attacker, valid).statusCode(), "a blocked client waits, whatever token it sends");
        assertEquals(
                200,
                get("2001:db8:600d:" + UUID.randomUUID().toString().substring(0, 4) + "::1", valid)
                        .statusCode(),
                "another client is not slowed");
        assertProblem(new Api(Api.serverBase(), valid).get("api/v1/scopes/user:1/facts/none"), 404);
    }

    private static HttpResponse<String> get(String client, String token) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(Api.serverBase() + "api/v1/scopes"))
                        .header("Authorization", "Bearer " + token)
                        .header("X-Forwarded-For", client)
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
