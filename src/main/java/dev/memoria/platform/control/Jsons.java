package dev.memoria.platform.control;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParser;
import java.io.Reader;
import java.math.BigDecimal;
import java.util.Collection;

/**
 * The application's one JSON-P provider, with {@link jakarta.json.Json}'s factory methods. {@code Json.create…}
 * looks the provider up again on every call, and inside Liberty each lookup throws and catches a
 * ClassNotFoundException: a third of a recall's allocations before this class.
 */
public final class Jsons {

    private static final JsonProvider PROVIDER = JsonProvider.provider();

    private Jsons() {}

    public static JsonObjectBuilder createObjectBuilder() {
        return PROVIDER.createObjectBuilder();
    }

    public static JsonObjectBuilder createObjectBuilder(JsonObject object) {
        return PROVIDER.createObjectBuilder(object);
    }

    public static JsonArrayBuilder createArrayBuilder() {
        return PROVIDER.createArrayBuilder();
    }

    public static JsonArrayBuilder createArrayBuilder(Collection<?> values) {
        return PROVIDER.createArrayBuilder(values);
    }

    public static JsonParser createParser(Reader reader) {
        return PROVIDER.createParser(reader);
    }

    public static JsonReader createReader(Reader reader) {
        return PROVIDER.createReader(reader);
    }

    public static JsonString createValue(String value) {
        return PROVIDER.createValue(value);
    }

    public static JsonNumber createValue(BigDecimal value) {
        return PROVIDER.createValue(value);
    }
}
