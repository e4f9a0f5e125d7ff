package dev.memoria.platform.boundary;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Renders errors raised by the container itself (authentication, unknown paths) as problem+json. */
@WebServlet("/problem")
public class ContainerErrorServlet extends HttpServlet {

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer i ? i : 404;
        String body = switch (status) {
            case 401 -> Problems.body(401, "unauthorized", "Unauthorized",
                    "A valid bearer token is required (missing, expired or not signed by a trusted key).", List.of());
            case 403 -> Problems.body(403, "forbidden", "Forbidden", "The token does not grant this operation.", List.of());
            case 404 -> Problems.body(404, "not-found", "Not found", "No resource at this path.", List.of());
            default -> Problems.body(status, "internal", "Internal server error", "The server could not complete the request.", List.of());
        };
        response.setStatus(status);
        response.setContentType(Problems.MEDIA_TYPE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        if (status == 401) {
            response.setHeader("WWW-Authenticate", "Bearer realm=\"memoria\"");
        }
        response.getWriter().write(body);
    }
}
