package dev.memoria.fact.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.memoria.fact.entity.FactType;
import dev.memoria.platform.entity.DomainException;
import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FactInputTest {

    private static JsonValue json(String text) {
        return Json.createReader(new StringReader(text)).readValue();
    }

    private static DomainException invalid(String body, FactInput.Mode mode) {
        return assertThrows(DomainException.class, () -> FactInput.parse(json(body), mode));
    }

    @Test
    void readsEveryField() {
        FactInput input = FactInput.parse(json("""
                {"content":"  Prefers Python  ","key":"pref.lang","title":"Language","category":"preferences",
                 "type":"procedural","importance":0.9,"persistent":true,"tags":["lang","lang","py"],
                 "source":"chat","ttl_seconds":60,"dedupe":false}"""), FactInput.Mode.CREATE);
        assertEquals("Prefers Python", input.content());
        assertEquals("pref.lang", input.key());
        assertEquals(FactType.PROCEDURAL, input.type());
        assertEquals(0.9, input.importance());
        assertTrue(input.persistent());
        assertEquals(List.of("lang", "py"), input.tags());
        assertEquals(60L, input.ttlSeconds());
        assertFalse(input.dedupe());
        assertTrue(input.has("title"));
    }

    @Test
    void contentIsRequiredOnlyWhenCreating() {
        assertEquals(
                "content", invalid("{}", FactInput.Mode.CREATE).errors().get(0).field());
        FactInput patch = FactInput.parse(json("{\"importance\":0.1}"), FactInput.Mode.PATCH);
        assertFalse(patch.has("content"));
        assertTrue(patch.has("importance"));
    }

    @Test
    void contentOfUnicodeSpacesAloneIsEmptyAndSpacesAroundAreTrimmed() {
        DomainException empty = invalid("{\"content\":\"\u00a0\u3000\u2003\"}", FactInput.Mode.CREATE);
        assertEquals("content", empty.errors().get(0).field());
        assertEquals("must not be empty", empty.errors().get(0).message());
        assertEquals(
                "Prefers tea",
                FactInput.parse(json("{\"content\":\"\u00a0 Prefers tea\u202f\"}"), FactInput.Mode.CREATE)
                        .content());
        assertEquals(
                "category",
                invalid("{\"content\":\"x\",\"category\":\"\u00a0\"}", FactInput.Mode.CREATE)
                        .errors()
                        .get(0)
                        .field());
    }

    @Test
    void contentLimitIs8000CharactersAfterTrimming() {
        FactInput.parse(json("{\"content\":\" " + "x".repeat(8000) + " \"}"), FactInput.Mode.CREATE);
        assertEquals(
                "content",
                invalid("{\"content\":\"" + "x".repeat(8001) + "\"}", FactInput.Mode.CREATE)
                        .errors()
                        .get(0)
                        .field());
        invalid("{\"content\":\"   \"}", FactInput.Mode.CREATE);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"content\":\"x\",\"importance\":1.1}|importance",
                "{\"content\":\"x\",\"importance\":-0.1}|importance",
                "{\"content\":\"x\",\"importance\":\"high\"}|importance",
                "{\"content\":\"x\",\"type\":\"fact\"}|type",
                "{\"content\":\"x\",\"persistent\":\"yes\"}|persistent",
                "{\"content\":\"x\",\"category\":\"a\\nb\"}|category",
                "{\"content\":\"x\",\"key\":\" leading space\"}|key",
                "{\"content\":\"x\",\"key\":\"a\\u0007b\"}|key",
                "{\"content\":\"x\",\"tags\":\"lang\"}|tags",
                "{\"content\":\"x\",\"tags\":[\"\"]}|tags[0]",
                "{\"content\":\"x\",\"ttl_seconds\":0}|ttl_seconds",
                "{\"content\":\"x\",\"ttl_seconds\":1.5}|ttl_seconds",
                "{\"content\":\"x\",\"colour\":\"red\"}|colour",
                "{\"content\":42}|content",
                "[]|body"
            })
    void namesTheOffendingField(String body, String field) {
        DomainException problem = invalid(body, FactInput.Mode.CREATE);
        assertEquals(DomainException.Kind.INVALID, problem.kind());
        assertEquals(field, problem.errors().get(0).field());
    }

    @Test
    void reportsEveryErrorAtOnceWithThePathPrefix() {
        DomainException problem = assertThrows(
                DomainException.class,
                () -> FactInput.parse(json("{\"importance\":5,\"type\":\"x\"}"), FactInput.Mode.CREATE, "facts[3]."));
        assertEquals(
                List.of("facts[3].content", "facts[3].type", "facts[3].importance"),
                problem.errors().stream().map(DomainException.FieldError::field).toList());
    }

    @Test
    void limitsTagCountAndLength() {
        String tags33 = "[" + "\"t\",".repeat(32) + "\"t\"]";
        invalid("{\"content\":\"x\",\"tags\":" + tags33 + "}", FactInput.Mode.CREATE);
        invalid("{\"content\":\"x\",\"tags\":[\"" + "t".repeat(65) + "\"]}", FactInput.Mode.CREATE);
    }

    @Test
    void nullClearsOptionalFields() {
        FactInput input =
                FactInput.parse(json("{\"key\":null,\"title\":null,\"ttl_seconds\":null}"), FactInput.Mode.PATCH);
        assertTrue(input.has("key") && input.has("title") && input.has("ttl_seconds"));
        assertNull(input.key());
        assertNull(input.ttlSeconds());
    }

    @Test
    void pathKeyMustAgreeWithBodyKey() {
        FactInput input = FactInput.parse(json("{\"content\":\"x\",\"key\":\"a\"}"), FactInput.Mode.CREATE);
        assertEquals(
                "key",
                assertThrows(DomainException.class, () -> input.withKey("b"))
                        .errors()
                        .get(0)
                        .field());
        assertEquals("a", input.withKey("a").key());
    }
}
