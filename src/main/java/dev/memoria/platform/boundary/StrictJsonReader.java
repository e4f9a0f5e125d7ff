package dev.memoria.platform.boundary;

import dev.memoria.platform.control.Jsons;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParsingException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.NoContentException;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.Provider;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;

/**
 * Reads request bodies as exactly one JSON value: the runtime's own reader stopped after the first value,
 * so {@code {"content":"a"} trailing} was taken for a fact instead of being malformed JSON (400).
 */
@Provider
@Consumes({MediaType.APPLICATION_JSON, "application/*+json"})
public class StrictJsonReader implements MessageBodyReader<JsonValue> {

    @Override
    public boolean isReadable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return JsonValue.class.isAssignableFrom(type);
    }

    @Override
    public JsonValue readFrom(Class<JsonValue> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                              MultivaluedMap<String, String> headers, InputStream entity) throws IOException {
        try (JsonParser parser = Jsons.createParser(new InputStreamReader(entity, StandardCharsets.UTF_8))) {
            if (!parser.hasNext()) {
                throw new NoContentException("The request body is empty.");
            }
            parser.next();
            JsonValue value = parser.getValue();
            if (parser.hasNext()) {
                throw new JsonParsingException("Unexpected content after the JSON value", parser.getLocation());
            }
            if (!type.isInstance(value)) {
                throw new JsonParsingException("The body is not a JSON " + type.getSimpleName(), parser.getLocation());
            }
            return value;
        }
    }
}
