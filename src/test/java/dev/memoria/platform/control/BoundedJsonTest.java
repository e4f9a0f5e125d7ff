package dev.memoria.platform.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParsingException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class BoundedJsonTest {

    @Test
    void readsNestedObjectsAndArraysWithTheirKeys() {
        JsonValue value = read("{\"a\":[1,{\"b\":\"x\",\"c\":[true,false,null]}],\"d\":{},\"e\":[]}");

        assertEquals("{\"a\":[1,{\"b\":\"x\",\"c\":[true,false,null]}],\"d\":{},\"e\":[]}", value.toString());
        assertEquals(
                "x", value.asJsonObject().getJsonArray("a").getJsonObject(1).getString("b"));
    }

    @Test
    void readsScalarsAtTheTopLevel() {
        assertEquals(JsonValue.TRUE, read(" true "));
        assertEquals("\"text\"", read("\"text\"").toString());
        assertEquals("0.5", read("0.5").toString());
    }

    @Test
    void aStringNoDatabaseCanHoldIsRefusedWithWhereItStands() {
        assertEquals("content", unstorable("{\"content\":\"a\\u0000b\"}"));
        assertEquals("facts[2].tags[1]", unstorable("{\"facts\":[{},{\"tags\":[]},{\"tags\":[\"ok\",\"\\ud800\"]}]}"));
        assertEquals("turns[0]", unstorable("{\"turns\":[{\"x\\u0000\":1}]}"), "a member name");
        assertEquals("body", unstorable("\"\\udc00\""));
        assertEquals("a.b", unstorable("{\"a\":{\"z\":[1,{}],\"b\":\"\\u0000\"}}"));
    }

    private static String unstorable(String json) {
        return assertThrows(BoundedJson.Unstorable.class, () -> read(json)).field();
    }

    @Test
    void aRepeatedKeyKeepsItsLastValue() {
        JsonObject object = read("{\"k\":1,\"k\":2}").asJsonObject();
        assertEquals(2, object.getInt("k"));
    }

    @Test
    void nestingUpToTheLimitIsReadAndOneLevelMoreIsRefused() {
        String deepest = "[".repeat(BoundedJson.MAX_DEPTH) + "]".repeat(BoundedJson.MAX_DEPTH);
        assertEquals(deepest, read(deepest).toString());
        String deeper = "[".repeat(BoundedJson.MAX_DEPTH + 1) + "]".repeat(BoundedJson.MAX_DEPTH + 1);
        assertThrows(BoundedJson.TooComplex.class, () -> read(deeper));
    }

    @Test
    void aHundredThousandLevelsAreRefusedWithoutOverflowingTheStack() {
        assertThrows(BoundedJson.TooComplex.class, () -> read("[".repeat(100_000)));
        assertThrows(BoundedJson.TooComplex.class, () -> read("{\"a\":".repeat(100_000)));
    }

    @Test
    void unreasonableNumbersAreRefused() {
        assertThrows(BoundedJson.TooComplex.class, () -> read("{\"importance\":" + "9".repeat(100_000) + "}"));
        assertThrows(BoundedJson.TooComplex.class, () -> read("1e999999999"));
        assertThrows(BoundedJson.TooComplex.class, () -> read("1E-1001"));
        assertThrows(BoundedJson.TooComplex.class, () -> read("1e2147483648"));
        assertThrows(BoundedJson.TooComplex.class, () -> read("1e" + "9".repeat(30)));
        assertEquals("1E+999", read("1e999").toString());
    }

    @Test
    void contentAfterTheValueOrNoValueAtAllIsRefused() {
        assertThrows(JsonParsingException.class, () -> read("{\"content\":\"a\"} trailing"));
        assertThrows(JsonParsingException.class, () -> read("{} {}"));
        assertThrows(JsonParsingException.class, () -> read("{\"a\":}"));
        assertThrows(JsonParsingException.class, () -> read(""));
    }

    private static JsonValue read(String json) {
        return BoundedJson.readOne(new StringReader(json));
    }
}
