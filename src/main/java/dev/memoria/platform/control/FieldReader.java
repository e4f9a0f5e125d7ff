package dev.memoria.platform.control;

import dev.memoria.platform.entity.DomainException;
import dev.memoria.platform.entity.DomainException.FieldError;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Typed, bounded readers of one JSON object's fields, shared by every JSON input (a fact, an import line, a
 * tool call's arguments). A bad field is reported as "{path}{name}" with its message instead of thrown, so
 * one 400 names every bad field; the reader then gives null (or the default) and the caller goes on.
 */
public final class FieldReader {

    /** Earliest and latest times a write may carry: both databases and the API's four-digit years hold them. */
    private static final Instant FIRST = Instant.parse("0001-01-01T00:00:00Z");

    private static final Instant LAST = Instant.parse("9999-12-31T23:59:59.999999Z");

    private final JsonObject json;
    private final String path;
    private final BiConsumer<String, String> report;
    /** A body reader's own problems, which {@link #validate()} throws; null for a reader that reports elsewhere. */
    private final List<FieldError> problems;

    /** @param path prefix of every reported field name, such as "facts[3]." inside a batch */
    public FieldReader(JsonObject json, String path, List<FieldError> errors) {
        this(json, path, (field, message) -> errors.add(new FieldError(field, message)));
    }

    /** @param report takes each problem as the full field name and its message */
    public FieldReader(JsonObject json, String path, BiConsumer<String, String> report) {
        this(json, path, report, null);
    }

    private FieldReader(JsonObject json, String path, BiConsumer<String, String> report, List<FieldError> problems) {
        this.json = json;
        this.path = path;
        this.report = report;
        this.problems = problems;
    }

    /**
     * The reader of a request body that must be a JSON object: anything else is refused at once. Each field not
     * among {@code fields} is reported "unknown field"; the fields' own problems follow as they are read, and
     * {@link #validate()} throws them all as one 400.
     */
    public static FieldReader body(JsonValue body, Set<String> fields) {
        return body(body, fields, "must be a JSON object");
    }

    /** As {@link #body(JsonValue, Set)}, saying what the body should be when it is not an object. */
    public static FieldReader body(JsonValue body, Set<String> fields, String notAnObject) {
        if (!(body instanceof JsonObject json)) {
            throw DomainException.invalid("body", notAnObject);
        }
        List<FieldError> problems = new ArrayList<>();
        FieldReader reader =
                new FieldReader(json, "", (field, message) -> problems.add(new FieldError(field, message)), problems);
        reader.unknownFields(fields);
        return reader;
    }

    /** Reports each field of the object that is not among {@code known} as "unknown field", in the object's order. */
    public void unknownFields(Set<String> known) {
        json.keySet().stream().filter(name -> !known.contains(name)).forEach(name -> error(name, "unknown field"));
    }

    /** Throws every problem reported so far as one 400; a body reader's last call before its values are used. */
    public void validate() {
        if (problems == null) {
            throw new IllegalStateException("Only a body reader holds its problems");
        }
        if (!problems.isEmpty()) {
            throw DomainException.invalid(List.copyOf(problems));
        }
    }

    /** The field's value as sent (null when absent), for a reader of its own: an array of objects, say. */
    public JsonValue value(String name) {
        return json.get(name);
    }

    /** A string exactly as sent, of any length; absent or JSON null is null. */
    public String string(String name) {
        JsonValue value = json.get(name);
        if (value == null || value == JsonValue.NULL) {
            return null;
        }
        if (!(value instanceof JsonString string)) {
            error(name, "must be a string");
            return null;
        }
        return string.getString();
    }

    /** The field was sent, even as null. */
    public boolean has(String name) {
        return json.containsKey(name);
    }

    /** The field was sent with a value other than null. */
    public boolean given(String name) {
        JsonValue value = json.get(name);
        return value != null && value != JsonValue.NULL;
    }

    public void error(String name, String message) {
        report.accept(path + name, message);
    }

    /**
     * A string of {@code min} to {@code max} characters (code points) once the spaces at either end are
     * stripped; single-line text refuses control characters.
     */
    public String text(String name, int min, int max, boolean singleLine) {
        if (!(json.get(name) instanceof JsonString string)) {
            error(name, "must be a string");
            return null;
        }
        String text = stripSpaces(string.getString());
        int length = text.codePointCount(0, text.length());
        if (length < min) {
            error(name, "must not be empty");
            return null;
        }
        if (length > max) {
            error(name, "must be at most " + max + " characters");
            return null;
        }
        if (singleLine && text.chars().anyMatch(Character::isISOControl)) {
            error(name, "must be a single line without control characters");
            return null;
        }
        return text;
    }

    /** Like {@link #text}, and JSON null is null. */
    public String nullableText(String name, int min, int max, boolean singleLine) {
        return json.get(name) == JsonValue.NULL ? null : text(name, min, max, singleLine);
    }

    public Double number(String name, double min, double max) {
        if (!(json.get(name) instanceof JsonNumber number)) {
            error(name, "must be a number");
            return null;
        }
        double d = number.doubleValue();
        if (Double.isNaN(d) || d < min || d > max) {
            error(name, "must be between " + min + " and " + max);
            return null;
        }
        return d;
    }

    /** A whole number from {@code min} to {@code max}; JSON null is null. */
    public Long nullableInteger(String name, long min, long max) {
        JsonValue value = json.get(name);
        if (value == JsonValue.NULL) {
            return null;
        }
        if (!(value instanceof JsonNumber number) || !number.isIntegral()) {
            error(name, "must be a whole number");
            return null;
        }
        // compared as decimals: longValue() wraps, and took 18446744073709551621 for 5
        BigDecimal d = number.bigDecimalValue();
        if (d.compareTo(BigDecimal.valueOf(min)) < 0 || d.compareTo(BigDecimal.valueOf(max)) > 0) {
            error(name, "must be between " + min + " and " + max);
            return null;
        }
        return d.longValueExact();
    }

    /** A whole number from {@code min} to {@code max}; JSON null is refused like any other non-number. */
    public Long wholeNumber(String name, long min, long max) {
        if (json.get(name) == JsonValue.NULL) {
            error(name, "must be a whole number");
            return null;
        }
        return nullableInteger(name, min, max);
    }

    /** A whole number from {@code min} to {@code max}; absent, null or refused: {@code defaultValue}. */
    public long integer(String name, long defaultValue, long min, long max) {
        Long value = given(name) ? nullableInteger(name, min, max) : null;
        return value == null ? defaultValue : value;
    }

    /** {@code true} or {@code false}; anything else, null included, is refused. */
    public Boolean bool(String name) {
        JsonValue value = json.get(name);
        if (value == JsonValue.TRUE || value == JsonValue.FALSE) {
            return value == JsonValue.TRUE;
        }
        error(name, "must be true or false");
        return null;
    }

    /**
     * An RFC 3339 time both databases store (years 1 to 9999), to the microsecond. Absent or null: null, or
     * refused when {@code required}.
     */
    public Instant time(String name, boolean required) {
        JsonValue value = json.get(name);
        if (value == null && required) {
            error(name, "is required");
        }
        if (value == null || value == JsonValue.NULL && !required) {
            return null;
        }
        if (value instanceof JsonString s) {
            Optional<Instant> time = timeOf(s.getString());
            if (time.isPresent()) {
                return time.get();
            }
        }
        error(name, TIME_PROBLEM);
        return null;
    }

    /** What a time that {@link #timeOf} refuses is told, in a body or a query alike. */
    public static final String TIME_PROBLEM = "must be an RFC 3339 time such as 2026-03-13T10:15:00Z, years 1-9999";

    /**
     * The one reading of a time a client sends, in a body or a query: RFC 3339 with its offset, years 1-9999 (what
     * the database stores), to the microsecond it keeps; empty for anything else.
     */
    public static Optional<Instant> timeOf(String text) {
        try {
            Instant time = OffsetDateTime.parse(text.strip()).toInstant();
            return time.isBefore(FIRST) || time.isAfter(LAST)
                    ? Optional.empty()
                    : Optional.of(time.truncatedTo(ChronoUnit.MICROS));
        } catch (DateTimeParseException invalid) {
            return Optional.empty();
        }
    }

    /** Like {@link String#strip()}, no-break spaces too: a content of only U+00A0 is as empty as one of blanks. */
    public static String stripSpaces(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && isSpace(text.codePointAt(start))) {
            start += Character.charCount(text.codePointAt(start));
        }
        while (end > start && isSpace(text.codePointBefore(end))) {
            end -= Character.charCount(text.codePointBefore(end));
        }
        return text.substring(start, end);
    }

    private static boolean isSpace(int codePoint) {
        return Character.isWhitespace(codePoint) || Character.isSpaceChar(codePoint);
    }
}
