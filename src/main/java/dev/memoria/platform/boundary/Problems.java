package dev.memoria.platform.boundary;

import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.entity.DomainException;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The one error representation: RFC 9457 application/problem+json, never a stack trace or SQL. */
public final class Problems {

    public static final String MEDIA_TYPE = "application/problem+json";
    public static final String TYPE_BASE = "https://memoria.dev/problems/";

    private Problems() {}

    public static Response response(DomainException problem) {
        Response.ResponseBuilder builder = builder(
                status(problem.kind()), problem.type(), problem.title(), problem.getMessage(), problem.errors());
        problem.headers().forEach(builder::header);
        return builder.build();
    }

    /** The HTTP status of each kind of failure: the one place the domain's failures meet status codes. */
    public static int status(DomainException.Kind kind) {
        return switch (kind) {
            case INVALID -> 400;
            case UNAUTHENTICATED -> 401;
            case FORBIDDEN -> 403;
            case NOT_FOUND -> 404;
            case CONFLICT -> 409;
            case PRECONDITION_FAILED -> 412;
            case TOO_LARGE -> 413;
            case UNSUPPORTED_MEDIA_TYPE -> 415;
            case TOO_MANY_REQUESTS -> 429;
            case HEADERS_TOO_LARGE -> 431;
            case UPSTREAM_FAILED -> 502;
            case UNAVAILABLE -> 503;
        };
    }

    /** The body could not be read as JSON of the expected shape (the JAX-RS runtime or JSON-P said so). */
    public static Response malformedBody() {
        return response(
                400,
                "malformed-body",
                "Malformed request body",
                "The request body is not valid JSON of the expected shape.");
    }

    public static Response response(int status, String type, String title, String detail) {
        return response(status, type, title, detail, List.of());
    }

    public static Response response(
            int status, String type, String title, String detail, List<DomainException.FieldError> errors) {
        return builder(status, type, title, detail, errors).build();
    }

    private static Response.ResponseBuilder builder(
            int status, String type, String title, String detail, List<DomainException.FieldError> errors) {
        Response.ResponseBuilder builder =
                Response.status(status).type(MEDIA_TYPE).entity(body(status, type, title, detail, errors));
        if (status == 401) {
            builder.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"memoria\"");
        }
        return builder;
    }

    /** The 401 problem on a servlet response, with the bearer challenge unless one was set already. */
    public static void writeUnauthorized(HttpServletResponse response) throws IOException {
        if (!response.containsHeader(HttpHeaders.WWW_AUTHENTICATE)) {
            response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"memoria\"");
        }
        write(response, 401, "unauthorized", "Unauthorized", "A valid bearer token is required.", List.of());
    }

    /** A problem written on a servlet response, for refusals made before JAX-RS is reached. */
    public static void write(
            HttpServletResponse response,
            int status,
            String type,
            String title,
            String detail,
            List<DomainException.FieldError> errors)
            throws IOException {
        response.setStatus(status);
        response.setContentType(MEDIA_TYPE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.getWriter().write(body(status, type, title, detail, errors));
    }

    public static String body(
            int status, String type, String title, String detail, List<DomainException.FieldError> errors) {
        JsonObjectBuilder json = Jsons.createObjectBuilder()
                .add("type", TYPE_BASE + type)
                .add("title", title)
                .add("status", status)
                .add("detail", detail == null ? title : detail);
        if (errors != null && !errors.isEmpty()) {
            JsonArrayBuilder list = Jsons.createArrayBuilder();
            errors.forEach(e ->
                    list.add(Jsons.createObjectBuilder().add("field", e.field()).add("message", e.message())));
            json.add("errors", list);
        }
        return json.build().toString();
    }
}
