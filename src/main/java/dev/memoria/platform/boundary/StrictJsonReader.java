package dev.memoria.platform.boundary;

import dev.memoria.platform.control.BoundedJson;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.platform.entity.StorableText;
import jakarta.json.JsonException;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParsingException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.Provider;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;

/**
 * Reads request bodies as exactly one JSON value within {@link BoundedJson}'s bounds: the runtime's own
 * reader stopped after the first value, so {@code {"content":"a"} trailing} was taken for a fact instead of
 * being malformed JSON (400), and it recursed once per level of nesting until the stack overflowed.
 */
@Provider
@Consumes({MediaType.APPLICATION_JSON, "application/*+json"})
public class StrictJsonReader implements MessageBodyReader<JsonValue> {

    @Override
    public boolean isReadable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return JsonValue.class.isAssignableFrom(type);
    }

    @Override
    public JsonValue readFrom(
            Class<JsonValue> type,
            Type genericType,
            Annotation[] annotations,
            MediaType mediaType,
            MultivaluedMap<String, String> headers,
            InputStream entity)
            throws IOException {
        Charset charset = BodyCharset.of(mediaType);
        JsonValue value;
        try {
            value = BoundedJson.readOne(new InputStreamReader(entity, BodyCharset.strictDecoder(charset)));
        } catch (BoundedJson.TooComplex tooComplex) {
            throw DomainException.invalid("body", tooComplex.getMessage());
        } catch (BoundedJson.Unstorable unstorable) {
            throw DomainException.invalid(unstorable.field(), StorableText.PROBLEM);
        } catch (JsonException failed) {
            if (Throwables.causedBy(failed, CharacterCodingException.class)) {
                throw BodyCharset.notText(charset);
            }
            throw failed;
        }
        if (!type.isInstance(value)) {
            throw new JsonParsingException("The body is not a JSON " + type.getSimpleName(), null);
        }
        return value;
    }
}
