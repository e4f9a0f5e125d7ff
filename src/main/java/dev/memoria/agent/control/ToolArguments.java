package dev.memoria.agent.control;

import dev.memoria.platform.entity.DomainException;
import dev.memoria.platform.entity.DomainException.FieldError;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Reads a tool call's arguments against its schema; every problem is reported at once, as "arguments.{name}". */
public final class ToolArguments {

    static final String PREFIX = "arguments.";

    private final JsonObject json;
    private final List<FieldError> errors = new ArrayList<>();

    public ToolArguments(AgentTool tool, JsonObject json, boolean withScope) {
        this.json = json;
        Set<String> accepted = ToolCatalog.argumentNames(tool, withScope);
        for (String name : json.keySet()) {
            if (!accepted.contains(name)) {
                errors.add(new FieldError(
                        PREFIX + name,
                        "unknown argument; " + tool.wireName() + " takes "
                                + (accepted.isEmpty() ? "none" : String.join(", ", accepted))));
            }
        }
    }

    public JsonObject json() {
        return json;
    }

    public String text(String name, boolean required, int max) {
        JsonValue value = json.get(name);
        if (value == null || value == JsonValue.NULL) {
            if (required) {
                errors.add(new FieldError(PREFIX + name, "is required"));
            }
            return null;
        }
        if (!(value instanceof JsonString string) || string.getString().isBlank()) {
            errors.add(new FieldError(PREFIX + name, "must be a non-empty string"));
            return null;
        }
        String text = string.getString().strip();
        if (text.length() > max) {
            errors.add(new FieldError(PREFIX + name, "must be at most " + max + " characters"));
            return null;
        }
        return text;
    }

    public int integer(String name, int defaultValue, int min, int max) {
        JsonValue value = json.get(name);
        if (value == null || value == JsonValue.NULL) {
            return defaultValue;
        }
        // compared as decimals: longValue() wraps, and took 18446744073709551621 for 5
        if (!(value instanceof JsonNumber number)
                || !number.isIntegral()
                || number.bigDecimalValue().compareTo(BigDecimal.valueOf(min)) < 0
                || number.bigDecimalValue().compareTo(BigDecimal.valueOf(max)) > 0) {
            errors.add(new FieldError(PREFIX + name, "must be an integer from " + min + " to " + max));
            return defaultValue;
        }
        return number.intValue();
    }

    /** Throws one 400 problem listing every argument error found so far. */
    public void check() {
        if (!errors.isEmpty()) {
            throw DomainException.invalid(errors);
        }
    }
}
