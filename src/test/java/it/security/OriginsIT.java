package it.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Console and MCP: a browser origin is allowed by a configured list of hosts, never by the request's own Host,
 * which a DNS-rebinding page controls (its origin and the Host it sends name the same attacker's host).
 */
@ExtendWith(ArquillianExtension.class)
class OriginsIT extends Deployments {

    private static final String TENANT = Tokens.newTenant("origins");
    private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}";

    @Test
    void aReboundPageIsRefusedAtMcpAndAListedHostIsNot() throws Exception {
        String token = Tokens.token(TENANT, Tokens.ALL_ROLES);
        String rebound = raw(
                "POST",
                "/mcp",
                "rebound.example:" + port(),
                "http://rebound.example:" + port(),
                token,
                "application/json",
                PING);
        assertTrue(rebound.startsWith("HTTP/1.1 403"), rebound);
        String local = raw(
                "POST", "/mcp", "localhost:" + port(), "http://localhost:" + port(), token, "application/json", PING);
        assertTrue(local.startsWith("HTTP/1.1 200"), local);
    }

    @Test
    void theSignInFormIsRefusedFromAReboundPage() throws Exception {
        String form = "username=nobody&password=whatever-it-is";
        String rebound = raw(
                "POST",
                "/console/login",
                "rebound.example:" + port(),
                "http://rebound.example:" + port(),
                null,
                "application/x-www-form-urlencoded",
                form);
        assertTrue(rebound.startsWith("HTTP/1.1 403"), rebound);
    }

    private static int port() {
        return Api.serverBase().getPort();
    }

    /** A request written by hand: the JDK's client will not send a Host of our choosing. */
    private static String raw(
            String method, String path, String host, String origin, String token, String type, String body)
            throws Exception {
        byte[] content = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder request = new StringBuilder()
                .append(method)
                .append(' ')
                .append(path)
                .append(" HTTP/1.1\r\n")
                .append("Host: ")
                .append(host)
                .append("\r\n")
                .append("Origin: ")
                .append(origin)
                .append("\r\n")
                .append("Accept: application/json, text/event-stream\r\n")
                .append("Content-Type: ")
                .append(type)
                .append("\r\n")
                .append("Content-Length: ")
                .append(content.length)
                .append("\r\n")
                .append("Connection: close\r\n");
        if (token != null) {
            request.append("Authorization: Bearer ").append(token).append("\r\n");
        }
        request.append("\r\n");
        try (Socket socket = new Socket("localhost", port())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.toString().getBytes(StandardCharsets.US_ASCII));
            out.write(content);
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            in.transferTo(answer);
            return answer.toString(StandardCharsets.UTF_8);
        }
    }

    @Test
    void listedHostsAreCaseInsensitive() throws Exception {
        String token = Tokens.token(TENANT, Tokens.ALL_ROLES);
        String reply = raw(
                "POST", "/mcp", "LOCALHOST:" + port(), "http://LocalHost:" + port(), token, "application/json", PING);
        assertEquals("HTTP/1.1 200", reply.substring(0, 12), reply);
    }
}
