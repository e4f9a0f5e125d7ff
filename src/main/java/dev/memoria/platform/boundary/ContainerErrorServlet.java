package dev.memoria.platform.boundary;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Renders errors the servlet container raises itself (unknown paths, failures outside JAX-RS) as problem+json. */
@WebServlet("/problem")
public class ContainerErrorServlet extends HttpServlet {

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer i ? i : 404;
        if (status == 401) {
            Problems.writeUnauthorized(response);
            return;
        }
        String body = switch (status) {
            case 400 ->
                Problems.body(
                        400,
                        "bad-request",
                        "Bad request",
                        "The request could not be read: its path holds an"
                                + " encoded character the server refuses (a slash, dot, '#' or control character), or it is malformed.",
                        List.of());
            case 403 ->
                Problems.body(
                        403,
                        "forbidden",
                        "Forbidden",
                        "This request is not allowed here (the container" + " refuses TRACE, for one).",
                        List.of());
            case 404 -> Problems.body(404, "not-found", "Not found", "No resource at this path.", List.of());
            case 405 ->
                Problems.body(
                        405,
                        "method-not-allowed",
                        "Method not allowed",
                        "This method is not allowed on this" + " resource.",
                        List.of());
            default ->
                Problems.body(
                        500,
                        "internal",
                        "Internal server error",
                        "The server could not complete the request.",
                        List.of());
        };
        response.setStatus(List.of(400, 403, 404, 405).contains(status) ? status : 500);
        response.setContentType(Problems.MEDIA_TYPE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.getWriter().write(body);
    }
}
