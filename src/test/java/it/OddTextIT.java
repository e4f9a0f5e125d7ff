package it;

import static it.support.ProblemAssertions.assertFieldErrors;
import static it.support.ProblemAssertions.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.Json;
import java.util.stream.Stream;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Keys are any text but control characters, in the path form (percent-encoded) and the query form alike; and a
 * text no database can hold (NUL, a lone surrogate) is a 400 naming where it stands, wherever a request carries
 * text, and writes nothing: on the embedded database and on PostgreSQL alike.
 */
@ExtendWith(ArquillianExtension.class)
class OddTextIT extends Deployments {

    private static final String SCOPE = "api/v1/scopes/user:1";

    private final Api api = new Api(Api.serverBase(), Tokens.token(Tokens.newTenant("odd"), Tokens.ALL_ROLES));

    static Stream<String> oddKeys() {
        return Stream.of(
                "favourite editor",
                "100%",
                "%2F",
                "k?x=1&y=2",
                "plus+sign",
                "semi;colon,comma",
                "quote\"s and 'apostrophes'",
                "<b>bold<b>",
                "é ünïcode 日本語 \u05e9\u05dc\u05d5\u05dd",
                "emoji \uD83D\uDE00",
                "\uD83D\uDE00".repeat(128),
                "k".repeat(128),
                "inner  double  spaces",
                "a\u200fb");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("oddKeys")
    void anyKeyIsSavedReadReplacedAndForgottenInBothForms(String key) {
        Api.Reply saved = api.put(byPath(key), "{\"content\":\"first value\"}");
        assertEquals(201, saved.status(), saved::toString);
        assertEquals(key, saved.json().getString("key"));
        String id = saved.json().getString("id");

        Api.Reply read = api.get(byQuery(key));
        assertEquals(200, read.status(), read::toString);
        assertEquals(id, read.json().getString("id"));

        Api.Reply replaced = api.put(byQuery(key), "{\"content\":\"second value\"}");
        assertEquals(200, replaced.status(), replaced::toString);
        assertEquals(id, replaced.json().getString("id"), "a replace keeps the fact");
        assertEquals("second value", api.get(byPath(key)).json().getString("content"));

        assertEquals(204, api.delete(byQuery(key)).status());
        assertEquals(404, api.get(byPath(key)).status());
    }

    /**
     * Open Liberty refuses a path holding an encoded slash, backslash or '#' before any application code runs:
     * such keys are written and read through the query form; the path form answers a 400, never a 5xx.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"stack/backend", "a/b/c/", "/leading", "hash#tag", "back\\slash", "</script>"})
    void keysWithASlashBackslashOrHashGoThroughTheQueryForm(String key) {
        Api.Reply saved = api.put(byQuery(key), "{\"content\":\"first value\"}");
        assertEquals(201, saved.status(), saved::toString);
        assertEquals(key, api.get(byQuery(key)).json().getString("key"));
        assertEquals(400, api.get(byPath(key)).status(), "the container refuses the path form");
        assertEquals(204, api.delete(byQuery(key)).status());
        assertEquals(404, api.get(byQuery(key)).status());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {".", "..", "./x", "a/../b"})
    void dotKeysWhichAPathWouldNormaliseAwayWorkInTheQueryForm(String key) {
        Api.Reply saved = api.put(byQuery(key), "{\"content\":\"dots\"}");
        assertEquals(201, saved.status(), saved::toString);
        assertEquals(key, api.get(byQuery(key)).json().getString("key"));
        assertEquals(204, api.delete(byQuery(key)).status());
    }

    @Test
    void aKeyInTheBodyMayBeAnyTextToo() {
        String key = "stack/backend framework";
        Api.Reply saved = api.post(
                SCOPE + "/facts",
                Json.createObjectBuilder()
                        .add("content", "Uses Quarkus")
                        .add("key", key)
                        .build()
                        .toString());
        assertEquals(201, saved.status(), saved::toString);
        assertEquals("Uses Quarkus", api.get(byQuery(key)).json().getString("content"));
    }

    static Stream<Arguments> badKeys() {
        return Stream.of(
                Arguments.of("leading space", " key"),
                Arguments.of("trailing space", "key "),
                Arguments.of("tab", "a\tb"),
                Arguments.of("line break", "a\nb"),
                Arguments.of("bell", "a\u0007b"),
                Arguments.of("129 characters", "k".repeat(129)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badKeys")
    void aKeyWithControlCharactersSpacesAtItsEndsOrTooLongIsRefused(String description, String key) {
        assertFieldErrors(assertProblem(api.put(byQuery(key), "{\"content\":\"x\"}"), 400), "key");
        // in a path, the container itself refuses an encoded control character
        assertEquals(400, api.put(byPath(key), "{\"content\":\"x\"}").status());
        assertNothingWritten();
    }

    static Stream<Arguments> unstorableTexts() {
        String nul = "\\u0000";
        return Stream.of(
                Arguments.of(
                        "POST", SCOPE + "/facts", "{\"content\":\"abc" + nul + "def\"}", "application/json", "content"),
                Arguments.of(
                        "POST",
                        SCOPE + "/facts:batch",
                        "{\"facts\":[{\"content\":\"fine\"},{\"content\":\"x\",\"tags\":[\"\\ud800\"]}]}",
                        "application/json",
                        "facts[1].tags[0]"),
                Arguments.of(
                        "PUT",
                        SCOPE + "/facts/by-key/k",
                        "{\"content\":\"x\",\"title\":\"" + nul + "\"}",
                        "application/json",
                        "title"),
                Arguments.of(
                        "PUT", SCOPE + "/facts/by-key?key=a%00b", "{\"content\":\"x\"}", "application/json", "key"),
                Arguments.of(
                        "PUT",
                        SCOPE + "/memory.md",
                        "# Agent Memory\n\n## c\n- fine\n- a\u0000b\n",
                        "text/markdown",
                        "line 5"),
                Arguments.of("POST", SCOPE + "/snapshots", "{\"name\":\"a" + nul + "\"}", "application/json", "name"),
                Arguments.of(
                        "POST",
                        SCOPE + "/learn",
                        "{\"turns\":[{\"role\":\"user\",\"content\":\"I prefer tea" + nul + "\"}]}",
                        "application/json",
                        "turns[0].content"),
                Arguments.of(
                        "POST",
                        SCOPE + "/tool-calls",
                        "{\"name\":\"remember\",\"arguments\":{\"content\":\"" + nul + "\"}}",
                        "application/json",
                        "arguments.content"),
                Arguments.of(
                        "POST",
                        "api/v1/erasures",
                        "{\"subject\":\"user:1\",\"content_contains\":\"" + nul + "\"}",
                        "application/json",
                        "content_contains"));
    }

    @ParameterizedTest(name = "{0} {1} -> {4}")
    @MethodSource("unstorableTexts")
    void textNoDatabaseCanHoldIsRefusedWhereItStands(
            String method, String path, String body, String contentType, String field) {
        assertFieldErrors(assertProblem(api.send(method, path, body, contentType), 400), field);
        assertNothingWritten();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"search?q=a%00b", "recall?q=a%00b", "facts?q=%00", "facts?category=%00", "context?q=%00"})
    void aQueryParameterNoDatabaseCanHoldIsRefused(String query) {
        assertProblem(api.get(SCOPE + "/" + query), 400);
    }

    @Test
    void anImportLineWithANulImportsNothing() {
        String line = "{\"kind\":\"fact\",\"id\":\"01a00000-0000-7000-8000-000000000001\",\"scope\":\"user:1\","
                + "\"content\":\"a\\u0000b\",\"created_at\":\"2026-01-01T00:00:00Z\","
                + "\"updated_at\":\"2026-01-01T00:00:00Z\"}\n";
        assertFieldErrors(
                assertProblem(api.send("POST", "api/v1/import", line, "application/x-ndjson"), 400), "line 1");
        assertNothingWritten();
    }

    private void assertNothingWritten() {
        assertEquals(0, api.get("api/v1/scopes").items().size(), "a refused request wrote nothing");
    }

    private static String byPath(String key) {
        return SCOPE + "/facts/by-key/" + Api.encode(key);
    }

    private static String byQuery(String key) {
        return SCOPE + "/facts/by-key?key=" + Api.encode(key);
    }
}
