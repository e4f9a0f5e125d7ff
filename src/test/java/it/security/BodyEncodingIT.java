package it.security;

import static it.support.ProblemAssertions.assertProblem;
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
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Input, bodies: a charset nobody knows is a 415 and bytes that are not UTF-8 a 400, with nothing stored. */
@ExtendWith(ArquillianExtension.class)
class BodyEncodingIT extends Deployments {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private static final String TENANT = Tokens.newTenant("encoding");
    private static final String TOKEN = Tokens.token(TENANT, Tokens.ALL_ROLES);

    private final Api api = new Api(Api.serverBase(), TOKEN);

    @Test
    void anUnknownCharsetIs415() throws Exception {
        Api.Reply reply = post(
                "application/json; charset=x-no-such-charset",
                "{\"content\":\"Prefers tea\"}".getBytes(StandardCharsets.UTF_8));
        assertProblem(reply, 415);
        assertEquals(0, api.get("api/v1/scopes/user:enc/facts").items().size());
    }

    @Test
    void malformedUtf8Is400AndNothingIsStored() throws Exception {
        byte[] head = "{\"content\":\"caf".getBytes(StandardCharsets.US_ASCII);
        byte[] tail = "\"}".getBytes(StandardCharsets.US_ASCII);
        byte[] body = new byte[head.length + 2 + tail.length];
        System.arraycopy(head, 0, body, 0, head.length);
        body[head.length] = (byte) 0xC3; // a lead byte followed by no continuation byte
        body[head.length + 1] = (byte) 0x28;
        System.arraycopy(tail, 0, body, head.length + 2, tail.length);
        assertProblem(post("application/json", body), 400);
        assertEquals(0, api.get("api/v1/scopes/user:enc/facts").items().size(), "no U+FFFD was stored");
    }

    @Test
    void aKnownCharsetIsRead() throws Exception {
        Api.Reply reply = post(
                "user:latin",
                "application/json; charset=ISO-8859-1",
                "{\"content\":\"Café au lait\"}".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(201, reply.status(), reply::toString);
        assertEquals("Café au lait", reply.json().getString("content"));
    }

    private static Api.Reply post(String contentType, byte[] body) throws Exception {
        return post("user:enc", contentType, body);
    }

    private static Api.Reply post(String scope, String contentType, byte[] body) throws Exception {
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(URI.create(Api.serverBase() + "api/v1/scopes/" + scope + "/facts"))
                        .header("Authorization", "Bearer " + TOKEN)
                        .header("Content-Type", contentType)
                        .timeout(Duration.ofSeconds(30))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        return new Api.Reply(response);
    }
}
