package dev.memoria.agent.boundary;

import dev.memoria.agent.control.McpSessions;
import dev.memoria.agent.entity.McpSession;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.BoundedJson;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.quota.control.RateLimited;
import dev.memoria.quota.control.RateLimiter;
import dev.memoria.tenant.boundary.TokenTenancy;
import dev.memoria.tenant.control.TenantContext;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import jakarta.servlet.annotation.HttpConstraint;
import jakarta.servlet.annotation.ServletSecurity;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * MCP over Streamable HTTP at /mcp: POST carries JSON-RPC messages and is answered with JSON, or with a
 * one-event SSE stream when the client accepts only text/event-stream; GET (a server-initiated stream) is
 * not offered (405); DELETE ends the session. Sessions live in the database, so any server can serve them.
 */
@WebServlet(urlPatterns = "/mcp", asyncSupported = false)
@ServletSecurity(@HttpConstraint(rolesAllowed = {Roles.READ, Roles.WRITE, Roles.ADMIN}))
public class McpServlet extends HttpServlet {

    static final String SESSION_HEADER = "Mcp-Session-Id";
    static final String VERSION_HEADER = "MCP-Protocol-Version";
    private static final String JSON = "application/json";
    private static final String EVENT_STREAM = "text/event-stream";

    @Inject
    McpDispatcher dispatcher;

    @Inject
    McpSessions sessions;

    @Inject
    TenantContext tenant;

    @Inject
    RateLimiter rateLimiter;

    @Inject
    @ConfigProperty(name = "memoria.mcp.max.body.bytes", defaultValue = "4194304")
    int maxBodyBytes;

    /** Browser origins allowed to call /mcp (comma-separated); requests without an Origin are always allowed. */
    @Inject
    @ConfigProperty(name = "memoria.mcp.allowed.origins", defaultValue = " ")
    String allowedOrigins;

    /** Methods the transport does not define are a 405 in JSON-RPC's shape, not the servlet's HTML 501. */
    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
            throws jakarta.servlet.ServletException, IOException {
        if (Set.of("POST", "GET", "DELETE", "HEAD", "OPTIONS").contains(request.getMethod())) {
            super.service(request, response);
            return;
        }
        response.setHeader("Allow", "POST, GET, DELETE");
        send(
                response,
                405,
                McpDispatcher.error(
                        null,
                        McpDispatcher.INVALID_REQUEST,
                        request.getMethod() + " is not a method of the MCP transport; POST messages instead"),
                request);
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!admitted(request, response)) {
            return;
        }
        JsonStructure body;
        try {
            body = read(request);
        } catch (JsonException | IllegalStateException malformed) {
            send(response, 400, McpDispatcher.error(null, -32700, "Parse error: the body is not JSON"), request);
            return;
        } catch (BodyUnreadable unreadable) {
            send(
                    response,
                    400,
                    McpDispatcher.error(null, -32700, "Parse error: the body ended before its Content-Length"),
                    request);
            return;
        } catch (BodyTooLarge tooLarge) {
            send(
                    response,
                    413,
                    McpDispatcher.error(
                            null, McpDispatcher.INVALID_REQUEST, "The body is larger than " + maxBodyBytes + " bytes"),
                    request);
            return;
        }
        List<JsonObject> messages = messages(body);
        if (messages == null) {
            send(
                    response,
                    400,
                    McpDispatcher.error(
                            null, McpDispatcher.INVALID_REQUEST, "Expected a JSON-RPC message or a batch of them"),
                    request);
            return;
        }
        boolean initializing = messages.size() == 1 && "initialize".equals(method(messages.get(0)));
        if (initializing && isRequest(messages.get(0))) {
            initialize(messages.get(0), request, response);
            return;
        }
        if (!sessionIsLive(request, response)) {
            return;
        }
        JsonArrayBuilder answers = Jsons.createArrayBuilder();
        int answered = 0;
        for (JsonObject message : messages) {
            if (isRequest(message)) {
                answers.add(dispatcher.answer(message, canWrite(request)));
                answered++;
            }
        }
        if (answered == 0) {
            response.setStatus(202); // notifications and responses only
            return;
        }
        JsonArray all = answers.build();
        send(response, 200, body instanceof JsonArray ? all : all.getJsonObject(0), request);
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!admitted(request, response)) {
            return;
        }
        response.setHeader("Allow", "POST, DELETE");
        send(
                response,
                405,
                McpDispatcher.error(
                        null,
                        McpDispatcher.INVALID_REQUEST,
                        "This server does not open a server-initiated stream; POST requests instead"),
                request);
    }

    @Override
    protected void doDelete(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!admitted(request, response)) {
            return;
        }
        String id = request.getHeader(SESSION_HEADER);
        if (id == null || id.isBlank()) {
            send(
                    response,
                    400,
                    McpDispatcher.error(null, McpDispatcher.INVALID_REQUEST, "Missing " + SESSION_HEADER),
                    request);
        } else if (sessions.close(id)) {
            response.setStatus(204);
        } else {
            send(response, 404, McpDispatcher.error(null, McpDispatcher.INVALID_REQUEST, "Unknown session"), request);
        }
    }

    private void initialize(JsonObject message, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        JsonObject answer = dispatcher.answer(message, canWrite(request));
        if (answer.containsKey("result")) {
            String version = answer.getJsonObject("result").getString("protocolVersion");
            McpSession session = sessions.open(version, tenant.actor());
            response.setHeader(SESSION_HEADER, session.id());
        }
        send(response, 200, answer, request);
    }

    /** Binds the tenant and checks the origin; answers the request itself when refusing it. */
    private boolean admitted(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!(request.getUserPrincipal() instanceof JsonWebToken token)) {
            response.setHeader("WWW-Authenticate", "Bearer");
            send(
                    response,
                    401,
                    McpDispatcher.error(null, McpDispatcher.INVALID_REQUEST, "A bearer token is required"),
                    request);
            return false;
        }
        try {
            TokenTenancy.bind(token, tenant);
        } catch (DomainException invalidToken) {
            response.setHeader("WWW-Authenticate", "Bearer error=\"invalid_token\"");
            send(
                    response,
                    401,
                    McpDispatcher.error(null, McpDispatcher.INVALID_REQUEST, invalidToken.getMessage()),
                    request);
            return false;
        }
        String origin = request.getHeader("Origin");
        if (origin != null && !originAllowed(origin, request)) {
            send(
                    response,
                    403,
                    McpDispatcher.error(null, McpDispatcher.INVALID_REQUEST, "Origin not allowed: " + origin),
                    request);
            return false;
        }
        try {
            rateLimiter.admit(tenant.tenantId(), tenant.actor());
        } catch (RateLimited limited) {
            response.setHeader("Retry-After", String.valueOf(limited.retryAfterSeconds()));
            send(
                    response,
                    429,
                    McpDispatcher.error(null, McpDispatcher.INVALID_REQUEST, limited.getMessage()),
                    request);
            return false;
        }
        return true;
    }

    /** After initialize, the version header (when sent) must name a version this server speaks. */
    private boolean sessionIsLive(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String version = request.getHeader(VERSION_HEADER);
        if (version != null && !McpDispatcher.PROTOCOLS.contains(version)) {
            send(
                    response,
                    400,
                    McpDispatcher.error(
                            null,
                            McpDispatcher.INVALID_REQUEST,
                            "Unsupported " + VERSION_HEADER + ": " + version + "; supported: "
                                    + McpDispatcher.PROTOCOLS),
                    request);
            return false;
        }
        String id = request.getHeader(SESSION_HEADER);
        if (id == null || id.isBlank()) {
            send(
                    response,
                    400,
                    McpDispatcher.error(
                            null,
                            McpDispatcher.INVALID_REQUEST,
                            "Missing " + SESSION_HEADER + ": call initialize first"),
                    request);
            return false;
        }
        Optional<McpSession> session = sessions.use(id);
        if (session.isEmpty()) {
            send(
                    response,
                    404,
                    McpDispatcher.error(
                            null, McpDispatcher.INVALID_REQUEST, "Unknown or expired session: initialize again"),
                    request);
            return false;
        }
        return true;
    }

    /** DNS-rebinding guard: a browser origin must be this host or configured. */
    private boolean originAllowed(String origin, HttpServletRequest request) {
        for (String allowed : allowedOrigins.split(",")) {
            if (allowed.strip().equalsIgnoreCase(origin)) {
                return true;
            }
        }
        try {
            URI uri = URI.create(origin);
            return uri.getHost() != null && uri.getHost().equalsIgnoreCase(request.getServerName());
        } catch (IllegalArgumentException notAUri) {
            return false;
        }
    }

    private static boolean canWrite(HttpServletRequest request) {
        return request.isUserInRole(Roles.WRITE) || request.isUserInRole(Roles.ADMIN);
    }

    private JsonStructure read(HttpServletRequest request) throws IOException {
        if (request.getContentLengthLong() > maxBodyBytes) {
            throw new BodyTooLarge();
        }
        byte[] bytes;
        try (InputStream in = request.getInputStream()) {
            bytes = in.readNBytes(maxBodyBytes + 1);
        } catch (IOException cutShort) { // the client sent less than it declared, or went away
            throw new BodyUnreadable();
        }
        if (bytes.length > maxBodyBytes) {
            throw new BodyTooLarge();
        }
        JsonValue value = BoundedJson.readOne(new StringReader(new String(bytes, StandardCharsets.UTF_8)));
        if (!(value instanceof JsonStructure structure)) {
            throw new JsonException("A JSON-RPC body is an object or an array");
        }
        return structure;
    }

    /** The messages of a single or batched body; null when it is neither. */
    private static List<JsonObject> messages(JsonStructure body) {
        List<JsonObject> messages = new ArrayList<>();
        if (body instanceof JsonObject object) {
            messages.add(object);
        } else if (body instanceof JsonArray array && !array.isEmpty()) {
            for (JsonValue value : array) {
                if (!(value instanceof JsonObject object)) {
                    return null;
                }
                messages.add(object);
            }
        } else {
            return null;
        }
        for (JsonObject message : messages) {
            boolean hasMethod = message.get("method") instanceof JsonString;
            boolean isAnswer = message.containsKey("result") || message.containsKey("error");
            if (!"2.0".equals(message.getString("jsonrpc", null)) || (!hasMethod && !isAnswer)) {
                return null;
            }
        }
        return messages;
    }

    private static String method(JsonObject message) {
        return message.get("method") instanceof JsonString s ? s.getString() : null;
    }

    private static boolean isRequest(JsonObject message) {
        JsonValue id = message.get("id");
        return method(message) != null && id != null && id != JsonValue.NULL;
    }

    /** Writes JSON, or a single SSE message event when the client accepts only an event stream. */
    private static void send(HttpServletResponse response, int status, JsonValue body, HttpServletRequest request)
            throws IOException {
        response.setStatus(status);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        String accept = request.getHeader("Accept") == null ? "" : request.getHeader("Accept");
        if (status == 200 && accept.contains(EVENT_STREAM) && !accept.contains(JSON) && !accept.contains("*/*")) {
            response.setContentType(EVENT_STREAM);
            response.setHeader("Cache-Control", "no-cache");
            response.getWriter().write("event: message\ndata: " + body + "\n\n");
        } else {
            response.setContentType(JSON);
            response.getWriter().write(body.toString());
        }
    }

    private static final class BodyTooLarge extends RuntimeException {
        BodyTooLarge() {
            super(null, null, false, false);
        }
    }

    private static final class BodyUnreadable extends RuntimeException {
        BodyUnreadable() {
            super(null, null, false, false);
        }
    }
}
