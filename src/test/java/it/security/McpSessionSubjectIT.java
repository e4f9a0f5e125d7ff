package it.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Tenants and subjects: an MCP session is its token subject's; another subject of the same tenant cannot touch it. */
@ExtendWith(ArquillianExtension.class)
class McpSessionSubjectIT extends Deployments {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private static final URI MCP = URI.create(Api.serverBase() + "mcp");
    private static final String TENANT = Tokens.newTenant("mcp-subject");
    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}";
    private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}";

    @Test
    void anotherSubjectOfTheTenantCanNeitherUseNorEndASession() throws Exception {
        String admin = token("alice", Tokens.ALL_ROLES);
        String reader = token("bob", List.of("memory.read"));
        HttpResponse<String> init = send("POST", admin, null, INITIALIZE);
        assertEquals(200, init.statusCode(), init.body());
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();

        assertEquals(404, send("DELETE", reader, session, null).statusCode(), "bob cannot end alice's session");
        assertEquals(404, send("POST", reader, session, PING).statusCode(), "nor use it");
        assertEquals(200, send("POST", admin, session, PING).statusCode(), "alice's session goes on");
        assertEquals(204, send("DELETE", admin, session, null).statusCode(), "alice ends it herself");
    }

    private static String token(String subject, List<String> roles) {
        Map<String, Object> claims = Tokens.claims(TENANT, roles);
        claims.put("sub", subject);
        return Tokens.sign(claims);
    }

    private static HttpResponse<String> send(String method, String bearer, String session, String body)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(MCP)
                .timeout(Duration.ofSeconds(30))
                .header("Accept", "application/json, text/event-stream")
                .header("Authorization", "Bearer " + bearer)
                .method(
                        method,
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }
}
