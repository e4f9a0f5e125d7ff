package dev.memoria.console.boundary;

import dev.memoria.console.control.SignedIn;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.platform.entity.StorableText;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.HashMap;
import java.util.Map;

/** One console request as handlers see it: who, path parameters, form and query values. */
public final class ConsoleRequest {

    private final HttpServletRequest http;
    private final HttpServletResponse response;
    private final Map<String, String> pathParams;
    private final SignedIn user;

    public ConsoleRequest(
            HttpServletRequest http, HttpServletResponse response, Map<String, String> pathParams, SignedIn user) {
        this.http = http;
        this.response = response;
        this.pathParams = pathParams;
        this.user = user;
    }

    public String path(String name) {
        return pathParams.get(name);
    }

    /** A query or form value, stripped; blank is null. */
    public String param(String name) {
        String value = raw(name);
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** A form value exactly as typed (passwords, fact content): null only when absent. */
    public String raw(String name) {
        String value = http.getParameter(name);
        if (value != null && !StorableText.isStorable(value)) {
            throw DomainException.invalid(name, StorableText.PROBLEM);
        }
        return value;
    }

    public SignedIn user() {
        return user;
    }

    public HttpServletRequest http() {
        return http;
    }

    public HttpServletResponse response() {
        return response;
    }

    /** A model already holding what every page's layout needs. */
    public Map<String, Object> model(String section) {
        Map<String, Object> model = new HashMap<>();
        model.put("section", section);
        return model;
    }
}
