package dev.memoria.console.boundary;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The console's error page: a title, what went wrong in words, field errors; never a stack trace. */
final class ConsoleErrors {

    private ConsoleErrors() {}

    static void forbidden(HttpServletRequest request, HttpServletResponse response, String detail) throws IOException {
        render(request, response, 403, "Not allowed", detail, List.of());
    }

    static void render(
            HttpServletRequest request,
            HttpServletResponse response,
            int status,
            String title,
            String detail,
            List<String> fieldErrors)
            throws IOException {
        ConsoleTemplates.of(request.getServletContext())
                .render("error", model(request, status, title, detail, fieldErrors), status, request, response);
    }

    static Map<String, Object> model(
            HttpServletRequest request, int status, String title, String detail, List<String> fieldErrors) {
        Map<String, Object> model = new HashMap<>();
        model.put("section", "");
        model.put("status", status);
        model.put("errorTitle", title);
        model.put("detail", detail);
        model.put("fieldErrors", fieldErrors);
        Object user = request.getAttribute(ConsoleFilter.USER);
        if (user != null) {
            model.put("me", user);
        }
        return model;
    }
}
