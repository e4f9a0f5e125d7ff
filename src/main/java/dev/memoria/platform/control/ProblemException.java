package dev.memoria.platform.control;

import java.util.List;
import java.util.Map;

/**
 * A failure the client can act on. The one exception mapper turns it into an RFC 9457 problem, so
 * domain code never builds HTTP responses and never returns null for "not found".
 */
public class ProblemException extends RuntimeException {

    public record FieldError(String field, String message) {
    }

    private final int status;
    private final String type;
    private final String title;
    private final List<FieldError> errors;

    protected ProblemException(int status, String type, String title, String detail, List<FieldError> errors) {
        super(detail);
        this.status = status;
        this.type = type;
        this.title = title;
        this.errors = errors == null ? List.of() : List.copyOf(errors);
    }

    public static ProblemException invalid(List<FieldError> errors) {
        String detail = errors.size() == 1
                ? errors.get(0).field() + ": " + errors.get(0).message()
                : errors.size() + " fields are invalid";
        return new ProblemException(400, "validation", "Invalid input", detail, errors);
    }

    /** A 400 whose detail sums the errors up in the caller's words. */
    public static ProblemException invalid(String detail, List<FieldError> errors) {
        return new ProblemException(400, "validation", "Invalid input", detail, errors);
    }

    public static ProblemException invalid(String field, String message) {
        return invalid(List.of(new FieldError(field, message)));
    }

    public static ProblemException notFound(String detail) {
        return new ProblemException(404, "not-found", "Not found", detail, null);
    }

    public static ProblemException conflict(String detail) {
        return new ProblemException(409, "conflict", "Conflict", detail, null);
    }

    public static ProblemException forbidden(String detail) {
        return new ProblemException(403, "forbidden", "Forbidden", detail, null);
    }

    public static ProblemException unauthorized(String detail) {
        return new ProblemException(401, "unauthorized", "Unauthorized", detail, null);
    }

    /** 415: a body in a content type or charset this server does not read. */
    public static final class UnsupportedMediaType extends ProblemException {
        public UnsupportedMediaType(String detail) {
            super(415, "unsupported-media-type", "Unsupported media type", detail, null);
        }
    }

    public static ProblemException headersTooLarge(String detail) {
        return new ProblemException(431, "headers-too-large", "Request header fields too large", detail, null);
    }

    public static ProblemException payloadTooLarge(String detail) {
        return new ProblemException(413, "payload-too-large", "Payload too large", detail, null);
    }

    /** An upstream service (an LLM provider) failed or answered something unusable. */
    public static ProblemException badGateway(String detail) {
        return new ProblemException(502, "bad-gateway", "Bad gateway", detail, null);
    }

    public static ProblemException unavailable(String detail) {
        return new ProblemException(503, "unavailable", "Service unavailable", detail, null);
    }

    public int status() {
        return status;
    }

    public String type() {
        return type;
    }

    public String title() {
        return title;
    }

    public List<FieldError> errors() {
        return errors;
    }

    /** Response headers the problem needs besides its body, such as Retry-After. */
    public Map<String, String> headers() {
        return Map.of();
    }
}
