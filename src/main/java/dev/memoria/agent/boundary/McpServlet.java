package dev.memoria.agent.boundary;

import dev.memoria.agent.control.McpSessions;
import dev.memoria.agent.entity.McpSession;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.BoundedJson;
import dev.memoria.platform.control.Jsons;
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
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * MCP over Streamable HTTP at /mcp: POST carries JSON-RPC messages and is answered with JSON, or with a
 * one-event SSE stream when the client accepts only text/event-stream; GET (a server-initiated stream) is
 * not offered (405); DELETE ends the session. Sessions live in the database, so any server can serve them.
 * {@link McpAdmission} has bound the tenant and admitted the caller before any of this runs.
 */
@WebServlet(urlPatterns = "/mcp", asyncSupported = false)
@ServletSecurity(@HttpConstraint(rolesAllowed = {Roles.READ, Roles.WRITE, Roles.ADMIN}))
public class McpServlet extends HttpServlet {

    static final String SESSION_HEADER = "Mcp-Session-Id";
    static final String VERSION_HEADER = "MCP-Protocol-Version";

    @Inject
    McpDispatcher dispatcher;

    @Inject
    McpSessions sessions;

    @Inject
    TenantContext tenant;

    @Inject
    @ConfigProperty(name = "memoria.mcp.max.body.bytes", defaultValue = "4194304")
    int maxBodyBytes;

    /** Methods the transport does not define are a 405 in JSON-RPC's shape, not the servlet's HTML 501. */
    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
            throws jakarta.servlet.ServletException, IOException {
        if (Set.of("POST", "GET", "DELETE", "HEAD", "OPTIONS").contains(request.getMethod())) {
            super.service(request, response);
            return;
        }
        response.setHeader("Allow", "POST, GET, DELETE");
        McpReplies.refuse(
                response,
                405,
                request.getMethod() + " is not a method of the MCP transport; POST messages instead",
                request);
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        JsonStructure body;
        try {
            body = read(request);
        } catch (JsonException | IllegalStateException malformed) {
            McpReplies.send(
                    response, 400, McpDispatcher.error(null, -32700, "Parse error: the body is not JSON"), request);
            return;
        } catch (BodyUnreadable unreadable) {
            McpReplies.send(
                    response,
                    400,
                    McpDispatcher.error(null, -32700, "Parse error: the body ended before its Content-Length"),
                    request);
            return;
        } catch (BodyTooLarge tooLarge) {
            McpReplies.refuse(response, 413, "The body is larger than " + maxBodyBytes + " bytes", request);
            return;
        }
        List<JsonObject> messages = messages(body);
        if (messages == null) {
            McpReplies.refuse(response, 400, "Expected a JSON-RPC message or a batch of them", request);
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
        McpReplies.send(response, 200, body instanceof JsonArray ? all : all.getJsonObject(0), request);
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setHeader("Allow", "POST, DELETE");
        McpReplies.refuse(
                response, 405, "This server does not open a server-initiated stream; POST requests instead", request);
    }

    @Override
    protected void doDelete(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String id = request.getHeader(SESSION_HEADER);
        if (id == null || id.isBlank()) {
            McpReplies.refuse(response, 400, "Missing " + SESSION_HEADER, request);
        } else if (sessions.close(id)) {
            response.setStatus(204);
        } else {
            McpReplies.refuse(response, 404, "Unknown session", request);
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
        McpReplies.send(response, 200, answer, request);
    }

    /** After initialize, the version header (when sent) must name a version this server speaks. */
    private boolean sessionIsLive(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String version = request.getHeader(VERSION_HEADER);
        if (version != null && !McpDispatcher.PROTOCOLS.contains(version)) {
            McpReplies.refuse(
                    response,
                    400,
                    "Unsupported " + VERSION_HEADER + ": " + version + "; supported: " + McpDispatcher.PROTOCOLS,
                    request);
            return false;
        }
        String id = request.getHeader(SESSION_HEADER);
        if (id == null || id.isBlank()) {
            McpReplies.refuse(response, 400, "Missing " + SESSION_HEADER + ": call initialize first", request);
            return false;
        }
        Optional<McpSession> session = sessions.use(id);
        if (session.isEmpty()) {
            McpReplies.refuse(response, 404, "Unknown or expired session: initialize again", request);
            return false;
        }
        return true;
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
