package dev.memoria.agent.boundary;

import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** How /mcp answers, whether the servlet or its admission filter does: JSON, or one SSE event. */
final class McpReplies {

    private static final String JSON = "application/json";
    private static final String EVENT_STREAM = "text/event-stream";

    private McpReplies() {}

    /** A JSON-RPC error with no id: the transport refused the request before reading any message. */
    static void refuse(HttpServletResponse response, int status, String message, HttpServletRequest request)
            throws IOException {
        send(response, status, McpDispatcher.error(null, McpDispatcher.INVALID_REQUEST, message), request);
    }

    /** Writes JSON, or a single SSE message event when the client accepts only an event stream. */
    static void send(HttpServletResponse response, int status, JsonValue body, HttpServletRequest request)
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
}
