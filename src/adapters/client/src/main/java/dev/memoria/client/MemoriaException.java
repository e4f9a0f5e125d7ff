package dev.memoria.client;

import java.time.Duration;
import java.util.List;

/**
 * Every failure the client reports: an error answer of the server (its RFC 9457 problem: {@link #status()},
 * {@link #type()}, {@link #title()}, {@link #detail()} and, for validation problems, {@link #errors()}), or a
 * failure to reach it ({@link #status()} 0, the cause attached).
 */
public class MemoriaException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** One invalid field of a validation problem, such as {@code facts[3].content}. */
    public record FieldError(String field, String message) {}

    private final int status;
    private final String type;
    private final String title;
    private final String detail;
    private final transient List<FieldError> errors;
    private final transient Duration retryAfter;

    public MemoriaException(
            int status, String type, String title, String detail, List<FieldError> errors, Duration retryAfter) {
        super(message(status, title, detail, errors));
        this.status = status;
        this.type = type;
        this.title = title;
        this.detail = detail;
        this.errors = errors == null ? List.of() : List.copyOf(errors);
        this.retryAfter = retryAfter;
    }

    public MemoriaException(String message, Throwable cause) {
        super(message, cause);
        this.status = 0;
        this.type = null;
        this.title = null;
        this.detail = message;
        this.errors = List.of();
        this.retryAfter = null;
    }

    private static String message(int status, String title, String detail, List<FieldError> errors) {
        StringBuilder m = new StringBuilder().append(status);
        if (title != null) {
            m.append(' ').append(title);
        }
        if (detail != null) {
            m.append(": ").append(detail);
        }
        if (errors != null) {
            for (FieldError e : errors) {
                // the server's detail of a one-field problem is that field's error: say it once
                if (detail != null && detail.contains(e.field() + ": " + e.message())) {
                    continue;
                }
                m.append("; ").append(e.field()).append(' ').append(e.message());
            }
        }
        return m.toString();
    }

    /** The HTTP status, or 0 when the server could not be reached or answered nothing usable. */
    public int status() {
        return status;
    }

    /** The problem type, such as {@code https://memoria.dev/problems/validation}; null if the body had none. */
    public String type() {
        return type;
    }

    public String title() {
        return title;
    }

    public String detail() {
        return detail;
    }

    /** The invalid fields of a validation problem; empty otherwise. */
    public List<FieldError> errors() {
        return errors;
    }

    /** {@code Retry-After} of a 429 or 503, when the server sent one (after the client's own retries ran out). */
    public Duration retryAfter() {
        return retryAfter;
    }

    /** The same problem, told in the words of the call that met it; status, type and errors stay. */
    MemoriaException withDetail(String newDetail) {
        MemoriaException e = new MemoriaException(status, type, title, newDetail, errors, retryAfter);
        e.setStackTrace(getStackTrace());
        return e;
    }

    /** {@code 404}: the fact, key, window or snapshot is not there. */
    public boolean isNotFound() {
        return status == 404;
    }

    /** {@code 401}: the token is missing, expired or not valid for this server. */
    public boolean isUnauthorized() {
        return status == 401;
    }

    /** The server could not be reached or did not answer in time (status 0, the cause attached). */
    public boolean isUnreachable() {
        return status == 0;
    }

    /**
     * {@code 412}: a conditional write ({@code If-Match}, {@code If-None-Match: *}) found the window changed (or
     * already there) and wrote nothing; read it again and retry.
     */
    public boolean isPreconditionFailed() {
        return status == 412;
    }
}
