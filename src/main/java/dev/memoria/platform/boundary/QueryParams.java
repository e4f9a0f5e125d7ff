package dev.memoria.platform.boundary;

import dev.memoria.platform.entity.DomainException;

/** Query parameters read as text, so that "limit=abc" is a clear 400 instead of a routing 404. */
public final class QueryParams {

    private QueryParams() {}

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
}
