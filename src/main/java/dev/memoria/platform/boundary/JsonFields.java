package dev.memoria.platform.boundary;

import jakarta.json.JsonObjectBuilder;

/** The contract writes absent values as explicit nulls ("key": null, "next_cursor": null). */
public final class JsonFields {

    private JsonFields() {}

    public static JsonObjectBuilder addNullable(JsonObjectBuilder json, String name, String value) {
        return value == null ? json.addNull(name) : json.add(name, value);
    }
}
