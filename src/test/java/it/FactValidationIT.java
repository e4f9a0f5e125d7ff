package it;

import static it.support.ProblemAssertions.assertFieldErrors;
import static it.support.ProblemAssertions.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the server refuses: every invalid fact, scope, body or content type is a 400/413/415
 * application/problem+json that names the offending field, leaks nothing of the implementation, and
 * leaves nothing written; a value right at a limit is accepted. Each test runs in a tenant of its own, so
 * "nothing written" means the tenant still has no scope at all. {@link #assertProblem} and
 * {@link #assertFieldErrors} are shared with the other fact tests.
 */
@ExtendWith(ArquillianExtension.class)
class FactValidationIT extends Deployments {

    private static final String FACTS = "api/v1/scopes/user:1/facts";
    private static final String VALID_FACT = "{\"content\":\"Prefers Python\"}";
    /** One character (one code point) that takes two UTF-16 units. */
    private static final String EMOJI = "\uD83D\uDE00";

    private final Api api = new Api(Api.serverBase(), Tokens.token(Tokens.newTenant("valid"), Tokens.ALL_ROLES));

    static Stream<Arguments> invalidFacts() {
        return Stream.of(
                invalid("missing content", "{}", "content"),
                invalid("content of spaces only", withField("content", "   "), "content"),
                invalid("content of 8001 characters", withField("content", "x".repeat(8001)), "content"),
                invalid("content not a string", withField("content", Json.createValue(42)), "content"),
                invalid("category of 65 characters", withField("category", "c".repeat(65)), "category"),
                invalid("category with a line break", withField("category", "work\nlife"), "category"),
                invalid("unknown type", withField("type", "fact"), "type"),
                invalid("importance below 0", withField("importance", Json.createValue(-0.1)), "importance"),
                invalid("importance above 1", withField("importance", Json.createValue(1.1)), "importance"),
                invalid("importance as text", withField("importance", "high"), "importance"),
                invalid("persistent as text", withField("persistent", "yes"), "persistent"),
                invalid("tags not an array", withField("tags", "lang"), "tags"),
                invalid("33 tags", withField("tags", tags(33, "t")), "tags"),
                invalid("tag of 65 characters", withField("tags", tags(1, "t".repeat(63))), "tags[0]"),
                invalid("key starting with a space", withField("key", " my key"), "key"),
                invalid("key with a control character", withField("key", "a\u0007b"), "key"),
                invalid("content with a NUL", "{\"content\":\"abc\\u0000def\"}", "content"),
                invalid("category with a NUL", "{\"content\":\"a\",\"category\":\"x\\u0000\"}", "category"),
                invalid("tag with a lone surrogate", "{\"content\":\"a\",\"tags\":[\"ok\",\"\\ud800\"]}", "tags[1]"),
                invalid("title with a NUL", "{\"content\":\"a\",\"title\":\"\\u0000\"}", "title"),
                invalid("key of 129 characters", withField("key", "k".repeat(129)), "key"),
                invalid("ttl_seconds of 0", withField("ttl_seconds", Json.createValue(0)), "ttl_seconds"),
                invalid("fractional ttl_seconds", withField("ttl_seconds", Json.createValue(1.5)), "ttl_seconds"),
                invalid("unknown field", withField("colour", "blue"), "colour"),
                invalid("JSON array instead of an object", "[" + VALID_FACT + "]", "body"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidFacts")
    void invalidFactIsRefusedNamingTheField(String description, String body, String field) {
        assertFieldErrors(assertProblem(api.post(FACTS, body), 400), field);
        assertNothingWritten();
    }

    static Stream<Arguments> bodiesBeyondTheBounds() {
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        return Stream.of(
                Arguments.of("100,000 nested arrays", deep),
                Arguments.of("100,000 nested arrays in a fact", "{\"content\":\"x\",\"tags\":" + deep + "}"),
                Arguments.of("65 nested objects", "{\"a\":".repeat(65) + "1" + "}".repeat(65)),
                Arguments.of(
                        "an importance of 100,000 digits",
                        "{\"content\":\"x\",\"importance\":" + "9".repeat(100_000) + "}"),
                Arguments.of("an importance of 1e999999999", "{\"content\":\"x\",\"importance\":1e999999999}"),
                Arguments.of("a ttl of 1e999999999", "{\"content\":\"x\",\"ttl_seconds\":1e999999999}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bodiesBeyondTheBounds")
    void aBodyBeyondTheBoundsIs400NamingTheBound(String description, String body) {
        JsonObject problem = assertProblem(api.post(FACTS, body), 400);
        assertTrue(
                problem.getString("detail").matches(".*(nested deeper than 64|number of more than 100|beyond 10\\^).*"),
                problem::toString);
        assertProblem(api.post(FACTS + ":batch", "{\"facts\":[" + body + "]}"), 400);
        assertNothingWritten();
    }

    @ParameterizedTest(name = "body: [{0}]")
    @ValueSource(
            strings = {
                "",
                "{\"content\":",
                "{content: 'x'}",
                "null",
                "\"Prefers Python\"",
                "{\"content\":\"Prefers Python\"} trailing",
                "{\"content\":\"a\"}{\"content\":\"b\"}"
            })
    void unreadableBodyIs400(String body) {
        assertProblem(api.post(FACTS, body), 400);
        assertNothingWritten();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("longestValues")
    void longestValuesAreAccepted(String description, String body) {
        assertEquals(201, api.post(FACTS, body).status(), description);
    }

    static Stream<Arguments> longestValues() {
        return Stream.of(
                Arguments.of("content of 8000 characters", withField("content", "x".repeat(8000))),
                Arguments.of("category of 64 characters", withField("category", "c".repeat(64))),
                Arguments.of("32 tags of 64 characters", withField("tags", tags(32, "t".repeat(62)))),
                Arguments.of("key of 128 characters", withField("key", "k".repeat(128))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("longestValuesOfTwoUnitCharacters")
    void lengthLimitsCountCharactersNotUtf16Units(String description, String body) {
        assertEquals(201, api.post(FACTS, body).status(), description);
    }

    static Stream<Arguments> longestValuesOfTwoUnitCharacters() {
        return Stream.of(
                Arguments.of("content of 8000 emoji", withField("content", EMOJI.repeat(8000))),
                Arguments.of("category of 64 emoji", withField("category", EMOJI.repeat(64))),
                Arguments.of("32 tags of 64 emoji", withField("tags", tags(32, EMOJI.repeat(62)))));
    }

    @Test
    void invalidPatchNamesEveryBadFieldAndChangesNothing() {
        Api.Reply created = api.post(FACTS, VALID_FACT);
        assertEquals(201, created.status(), created::toString);
        JsonObject fact = created.json();
        String path = FACTS + "/" + fact.getString("id");

        JsonObject problem =
                assertProblem(api.patch(path, "{\"content\":\"\",\"type\":\"fact\",\"importance\":1.1}"), 400);

        assertFieldErrors(problem, "content", "type", "importance");
        JsonObject after = api.get(path).json();
        for (String field : List.of("content", "type", "importance", "updated_at")) {
            assertEquals(fact.get(field), after.get(field), field);
        }
    }

    @ParameterizedTest(name = "scope [{0}]")
    @MethodSource("invalidScopes")
    void invalidScopeIs400(String scope) {
        String facts = "api/v1/scopes/" + Api.encode(scope) + "/facts";
        assertFieldErrors(assertProblem(api.post(facts, VALID_FACT), 400), "scope");
        assertFieldErrors(assertProblem(api.get(facts), 400), "scope");
        assertNothingWritten();
    }

    static Stream<String> invalidScopes() {
        return Stream.of(
                "a::b",
                ":a",
                "a:",
                "a:..",
                "a:.",
                "s".repeat(65),
                "a:b:c:d:e:f:g:h:i",
                "user 42",
                "user!1",
                "user*1",
                "user%1",
                "us\u00e9r");
    }

    /** Segments that must be percent-encoded to reach the server at all ("." and ".." would be resolved away). */
    @ParameterizedTest(name = "encoded scope segment [{0}]")
    @ValueSource(strings = {"%2E%2E", "%2E", "user%231", "user%2F1"})
    void invalidScopeNeedingPercentEncodingIs400Problem(String encodedScope) {
        assertProblem(api.post("api/v1/scopes/" + encodedScope + "/facts", VALID_FACT), 400);
        assertNothingWritten();
    }

    @ParameterizedTest(name = "scope [{0}]")
    @MethodSource("scopesAtTheLimits")
    void scopesAtTheLimitsAreAccepted(String scope) {
        assertEquals(
                201,
                api.post("api/v1/scopes/" + Api.encode(scope) + "/facts", VALID_FACT)
                        .status(),
                scope);
    }

    static Stream<String> scopesAtTheLimits() {
        return Stream.of("s".repeat(64), "a:b:c:d:e:f:g:h", "Az09._@-:x", "...:a");
    }

    @ParameterizedTest(name = "Content-Type {0}")
    @ValueSource(strings = {"text/plain", "application/xml", "application/x-www-form-urlencoded"})
    void wrongContentTypeIs415(String contentType) {
        assertProblem(api.send("POST", FACTS, VALID_FACT, contentType), 415);
        assertNothingWritten();
    }

    @Test
    void missingContentTypeIs415() {
        assertProblem(api.send("POST", FACTS, VALID_FACT, null), 415);
        assertNothingWritten();
    }

    @Test
    void bodyOverTheLimitIs413() {
        String seventeenMebibytes = withField("content", "x".repeat(17 * 1024 * 1024));
        assertProblem(api.post(FACTS, seventeenMebibytes), 413);
        assertNothingWritten();
    }

    @Test
    void largeBodyUnderTheLimitIsAccepted() {
        String eightMegabytes = IntStream.range(0, 1000)
                .mapToObj(i -> withField("content", i + " " + "x".repeat(7990)))
                .collect(Collectors.joining(",", "{\"facts\":[", "]}"));

        Api.Reply reply = api.post(FACTS + ":batch", eightMegabytes);

        assertEquals(200, reply.status(), reply::toString);
        assertEquals(1000, reply.json().getInt("created"));
    }

    private void assertNothingWritten() {
        Api.Reply scopes = api.get("api/v1/scopes");
        assertEquals(200, scopes.status(), scopes::toString);
        assertEquals(0, scopes.items().size(), () -> "the refused request wrote something: " + scopes);
    }

    private static Arguments invalid(String description, String body, String field) {
        return Arguments.of(description, body, field);
    }

    private static String withField(String name, String value) {
        return withField(name, Json.createValue(value));
    }

    /** A valid fact with one field set (or replaced) to the value. */
    private static String withField(String name, JsonValue value) {
        return Json.createObjectBuilder()
                .add("content", "Prefers Python")
                .add(name, value)
                .build()
                .toString();
    }

    /** {@code count} distinct tags of {@code prefix} plus two digits. */
    private static JsonValue tags(int count, String prefix) {
        JsonArrayBuilder tags = Json.createArrayBuilder();
        IntStream.range(0, count).forEach(i -> tags.add(prefix + String.format("%02d", i)));
        return tags.build();
    }
}
