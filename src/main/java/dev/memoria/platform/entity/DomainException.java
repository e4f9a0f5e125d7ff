package dev.memoria.platform.entity;

import java.util.List;
import java.util.Map;

/**
 * A failure the caller can act on, said in the domain's words: its kind, a type and a title. The boundary's
 * one mapper turns it into an RFC 9457 problem (and picks the status for the kind), so domain code never
 * builds HTTP responses and never returns null for "not found".
 */
public class DomainException extends RuntimeException {

    /** What went wrong, as the caller can act on it. */
    public enum Kind {
        INVALID,
        UNAUTHENTICATED,
        FORBIDDEN,
        NOT_FOUND,
        CONFLICT,
        PRECONDITION_FAILED,
        TOO_LARGE,
        UNSUPPORTED_MEDIA_TYPE,
        TOO_MANY_REQUESTS,
        HEADERS_TOO_LARGE,
        UPSTREAM_FAILED,
        UNAVAILABLE
    }

    public record FieldError(String field, String message) {}

    private final Kind kind;
    private final String type;
    private final String title;
    private final List<FieldError> errors;

    protected DomainException(Kind kind, String type, String title, String detail, List<FieldError> errors) {
        super(detail);
        this.kind = kind;
        this.type = type;
        this.title = title;
        this.errors = errors == null ? List.of() : List.copyOf(errors);
    }

    public static DomainException invalid(List<FieldError> errors) {
        String detail = errors.size() == 1
                ? errors.get(0).field() + ": " + errors.get(0).message()
                : errors.size() + " fields are invalid";
        return new DomainException(Kind.INVALID, "validation", "Invalid input", detail, errors);
    }

    /** Invalid input whose detail sums the errors up in the caller's words. */
    public static DomainException invalid(String detail, List<FieldError> errors) {
        return new DomainException(Kind.INVALID, "validation", "Invalid input", detail, errors);
    }

    public static DomainException invalid(String field, String message) {
        return invalid(List.of(new FieldError(field, message)));
    }

    public static DomainException notFound(String detail) {
        return new DomainException(Kind.NOT_FOUND, "not-found", "Not found", detail, null);
    }

    public static DomainException conflict(String detail) {
        return new DomainException(Kind.CONFLICT, "conflict", "Conflict", detail, null);
    }

    /** An If-Match or If-None-Match that no longer holds: the resource changed since the caller read it. */
    public static DomainException preconditionFailed(String detail) {
        return new DomainException(
                Kind.PRECONDITION_FAILED, "precondition-failed", "Precondition failed", detail, null);
    }

    public static DomainException forbidden(String detail) {
        return new DomainException(Kind.FORBIDDEN, "forbidden", "Forbidden", detail, null);
    }

    public static DomainException unauthorized(String detail) {
        return new DomainException(Kind.UNAUTHENTICATED, "unauthorized", "Unauthorized", detail, null);
    }

    /** A body in a content type or charset this server does not read. */
    public static final class UnsupportedMediaType extends DomainException {
        public UnsupportedMediaType(String detail) {
            super(Kind.UNSUPPORTED_MEDIA_TYPE, "unsupported-media-type", "Unsupported media type", detail, null);
        }
    }

    public static DomainException headersTooLarge(String detail) {
        return new DomainException(
                Kind.HEADERS_TOO_LARGE, "headers-too-large", "Request header fields too large", detail, null);
    }

    public static DomainException payloadTooLarge(String detail) {
        return new DomainException(Kind.TOO_LARGE, "payload-too-large", "Payload too large", detail, null);
    }

    /** An upstream service (an LLM provider) failed or answered something unusable. */
    public static DomainException badGateway(String detail) {
        return new DomainException(Kind.UPSTREAM_FAILED, "bad-gateway", "Bad gateway", detail, null);
    }

    public static DomainException unavailable(String detail) {
        return new DomainException(Kind.UNAVAILABLE, "unavailable", "Service unavailable", detail, null);
    }

    public Kind kind() {
        return kind;
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
