package dev.memoria.platform.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.memoria.platform.entity.DomainException;
import dev.memoria.platform.entity.DomainException.FieldError;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FieldReaderTest {

    private final List<FieldError> errors = new ArrayList<>();

    private FieldReader reader(String json) {
        JsonObject object = Json.createReader(new StringReader(json)).readObject();
        return new FieldReader(object, "facts[2].", errors);
    }

    @Test
    void textIsStrippedOfEverySpaceAndCountedInCodePoints() {
        FieldReader fields =
                reader("{\"a\":\"\u00a0 tea \u3000\",\"b\":\"\uD83D\uDE00\uD83D\uDE00\",\"c\":\" \u00a0\"}");
        assertEquals("tea", fields.text("a", 1, 3, true));
        assertEquals("\uD83D\uDE00\uD83D\uDE00", fields.text("b", 1, 2, true), "two emoji are two characters");
        assertNull(fields.text("c", 1, 10, true));
        assertEquals(List.of(new FieldError("facts[2].c", "must not be empty")), errors);
    }

    @Test
    void singleLineTextRefusesControlCharactersAndNullIsNullOnlyWhereAllowed() {
        FieldReader fields = reader("{\"a\":\"one\\ntwo\",\"b\":null,\"c\":5}");
        assertEquals("one\ntwo", fields.text("a", 1, 10, false));
        assertNull(fields.text("a", 1, 10, true));
        assertNull(fields.nullableText("b", 1, 10, true));
        assertNull(fields.text("c", 1, 10, true));
        assertEquals(
                List.of(
                        new FieldError("facts[2].a", "must be a single line without control characters"),
                        new FieldError("facts[2].c", "must be a string")),
                errors);
    }

    @Test
    void hugeAndFractionalIntegersAreRefusedNotWrapped() {
        FieldReader fields = reader("{\"wraps\":18446744073709551621,\"half\":1.5,\"ok\":7,\"none\":null}");
        assertEquals(5, fields.integer("wraps", 5, 1, 100), "refused: the default");
        assertNull(fields.nullableInteger("half", 1, 100));
        assertEquals(7, fields.integer("ok", 5, 1, 100));
        assertEquals(5, fields.integer("none", 5, 1, 100));
        assertEquals(5, fields.integer("absent", 5, 1, 100));
        assertEquals(
                List.of(
                        new FieldError("facts[2].wraps", "must be between 1 and 100"),
                        new FieldError("facts[2].half", "must be a whole number")),
                errors);
    }

    @Test
    void numbersAndBooleansAreCheckedByKind() {
        FieldReader fields = reader("{\"n\":1e400,\"s\":\"0.5\",\"b\":\"true\",\"t\":true}");
        assertNull(fields.number("n", 0, 1));
        assertNull(fields.number("s", 0, 1));
        assertNull(fields.bool("b"));
        assertTrue(fields.bool("t"));
        assertEquals(3, errors.size());
    }

    @Test
    void timesAreTruncatedToMicrosecondsAndAbsentOnesAreRequiredOnlyWhenAsked() {
        FieldReader fields = reader("{\"t\":\"2026-03-13T10:15:00.123456789+01:00\",\"n\":null}");
        assertEquals(Instant.parse("2026-03-13T09:15:00.123456Z"), fields.time("t", true));
        assertNull(fields.time("absent", false));
        assertNull(fields.time("n", false));
        assertTrue(errors.isEmpty());
        assertNull(fields.time("absent", true));
        assertNull(fields.time("n", true));
        assertEquals(
                List.of("facts[2].absent", "facts[2].n"),
                errors.stream().map(FieldError::field).toList());
        assertEquals("is required", errors.get(0).message());
    }

    @ParameterizedTest
    @ValueSource(strings = {"+99999-01-01T00:00:00Z", "0000-12-31T23:59:59Z", "-0001-01-01T00:00:00Z", "yesterday"})
    void timesNoDatabaseStoresAreRefused(String time) {
        assertNull(reader("{\"t\":\"" + time + "\"}").time("t", true));
        assertEquals(1, errors.size());
        assertTrue(errors.get(0).message().startsWith("must be an RFC 3339 time"));
    }

    @Test
    void givenMeansSentAndNotNull() {
        FieldReader fields = reader("{\"a\":null,\"b\":0}");
        assertTrue(fields.has("a"));
        assertFalse(fields.given("a"));
        assertTrue(fields.given("b"));
        assertFalse(fields.has("c"));
    }

    @Test
    void aBodyReaderNamesEveryUnknownAndBadFieldInOneProblem() {
        JsonObject body = Json.createReader(
                        new StringReader("{\"subject\":7,\"extra\":1,\"days\":null,\"note\":\" as sent \"}"))
                .readObject();
        FieldReader fields = FieldReader.body(body, Set.of("subject", "days", "note"));
        assertNull(fields.string("subject"));
        assertNull(fields.wholeNumber("days", 1, 10), "null is refused where a number is required");
        assertEquals(" as sent ", fields.string("note"), "string() keeps the text exactly as sent");
        DomainException thrown = assertThrows(DomainException.class, fields::validate);
        assertEquals(
                List.of(
                        new FieldError("extra", "unknown field"),
                        new FieldError("subject", "must be a string"),
                        new FieldError("days", "must be a whole number")),
                thrown.errors());
    }

    @Test
    void aBodyThatIsNotAnObjectIsRefusedAtOnceAndAGoodBodyValidates() {
        DomainException thrown = assertThrows(
                DomainException.class, () -> FieldReader.body(JsonValue.TRUE, Set.of(), "must be an object"));
        assertEquals(List.of(new FieldError("body", "must be an object")), thrown.errors());
        FieldReader fields = FieldReader.body(JsonValue.EMPTY_JSON_OBJECT, Set.of("a"));
        assertNull(fields.string("a"), "absent is null, and no problem");
        fields.validate();
    }

    @Test
    void unknownFieldsAreNamedUnderTheReadersPathInTheObjectsOrder() {
        FieldReader turn = reader("{\"role\":\"user\",\"mood\":1,\"content\":\"hi\",\"at\":2}");
        turn.unknownFields(Set.of("role", "content"));
        assertEquals(
                List.of(
                        new FieldError("facts[2].mood", "unknown field"),
                        new FieldError("facts[2].at", "unknown field")),
                errors);
    }
}
