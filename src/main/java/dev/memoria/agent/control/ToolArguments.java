package dev.memoria.agent.control;

import dev.memoria.platform.control.FieldReader;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.platform.entity.DomainException.FieldError;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Reads a tool call's arguments against its schema; every problem is reported at once, as "arguments.{name}". */
public final class ToolArguments {

    static final String PREFIX = "arguments.";

    private final JsonObject json;
    private final List<FieldError> errors = new ArrayList<>();
    private final FieldReader fields;

    public ToolArguments(AgentTool tool, JsonObject json, boolean withScope) {
        this.json = json;
        this.fields = new FieldReader(json, PREFIX, errors);
        Set<String> accepted = ToolCatalog.argumentNames(tool, withScope);
        for (String name : json.keySet()) {
            if (!accepted.contains(name)) {
                fields.error(
                        name,
                        "unknown argument; " + tool.wireName() + " takes "
                                + (accepted.isEmpty() ? "none" : String.join(", ", accepted)));
            }
        }
    }

    public JsonObject json() {
        return json;
    }

    /** Text of 1 to {@code max} characters, spaces at either end stripped; absent or null: null. */
    public String text(String name, boolean required, int max) {
        if (!fields.given(name)) {
            if (required) {
                fields.error(name, "is required");
            }
            return null;
        }
        return fields.text(name, 1, max, false);
    }

    /** A whole number from {@code min} to {@code max}; absent or null: {@code defaultValue}. */
    public int integer(String name, int defaultValue, int min, int max) {
        return (int) fields.integer(name, defaultValue, min, max);
    }

    /** An array of 1 to {@code max} distinct strings; absent or null: an empty list. */
    public List<String> texts(String name, int max) {
        if (!fields.given(name)) {
            return List.of();
        }
        if (!(json.get(name) instanceof jakarta.json.JsonArray array) || array.isEmpty() || array.size() > max) {
            fields.error(name, "must be an array of 1 to " + max + " strings");
            return List.of();
        }
        List<String> texts = new ArrayList<>();
        for (jakarta.json.JsonValue value : array) {
            if (!(value instanceof jakarta.json.JsonString text)
                    || text.getString().isBlank()) {
                fields.error(name, "must hold strings only");
                return List.of();
            }
            if (!texts.contains(text.getString().strip())) {
                texts.add(text.getString().strip());
            }
        }
        return texts;
    }

    /** Throws one 400 problem listing every argument error found so far. */
    public void check() {
        if (!errors.isEmpty()) {
            throw DomainException.invalid(errors);
        }
    }
}
