package dev.memoria.platform.boundary;

import dev.memoria.platform.control.FieldReader;
import dev.memoria.platform.entity.DomainException;

/** Query parameters read as text, so that "limit=abc" is a clear 400 instead of a routing 404. */
public final class QueryParams {

    private QueryParams() {}

    /** The value as given; absent is a 400 naming the parameter. */
    public static String required(String name, String value) {
        if (value == null) {
            throw DomainException.invalid(name, "is required");
        }
        return value;
    }

    public static int intIn(String name, String value, int defaultValue, int min, int max) {
        if (value == null || value.isBlank()) {
            return defaultValue;
        }
        try {
            int parsed = Integer.parseInt(value.strip());
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw DomainException.invalid(name, "must be a whole number from " + min + " to " + max);
    }

    /** true or false; absent or blank is {@code defaultValue}. */
    /** A decimal number from {@code min} to {@code max}; absent or blank is {@code defaultValue}. */
    public static double doubleIn(String name, String value, double defaultValue, double min, double max) {
        if (value == null || value.isBlank()) {
            return defaultValue;
        }
        try {
            double parsed = Double.parseDouble(value.strip());
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw DomainException.invalid(name, "must be a number from " + min + " to " + max);
    }

    public static boolean flag(String name, String value, boolean defaultValue) {
        Boolean flag = optionalFlag(name, value);
        return flag == null ? defaultValue : flag;
    }

    /** {@code true} or {@code false}; absent or blank is null, anything else is refused. */
    public static Boolean optionalFlag(String name, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        return switch (value.strip()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw DomainException.invalid(name, "must be true or false");
        };
    }

    /** An RFC 3339 time such as 2026-03-13T10:15:00Z, read as a body's times are; absent or blank is null. */
    public static java.time.Instant time(String name, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        return FieldReader.timeOf(value).orElseThrow(() -> DomainException.invalid(name, FieldReader.TIME_PROBLEM));
    }
}
