package it.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.util.List;

/** What every refusal must look like, shared by the test classes. */
public final class ProblemAssertions {

    private static final List<String> INTERNALS =
            List.of("Exception", "dev.memoria", "org.", "java.", "com.ibm", "SQL");

    private ProblemAssertions() {}

    /** The common shape of every refusal: RFC 9457 members, no stack trace or implementation names. */
    public static JsonObject assertProblem(Api.Reply reply, int status) {
        assertEquals(status, reply.status(), reply::toString);
        String contentType = reply.contentType();
        assertNotNull(contentType, reply::toString);
        assertTrue(contentType.startsWith("application/problem+json"), () -> contentType + ": " + reply);
        for (String internal : INTERNALS) {
            assertFalse(reply.body().contains(internal), () -> "leaks '" + internal + "': " + reply);
        }
        JsonObject problem = reply.json();
        assertEquals(status, problem.getInt("status"), reply::toString);
        for (String member : List.of("type", "title", "detail")) {
            assertFalse(problem.getString(member, "").isBlank(), () -> "no " + member + ": " + reply);
        }
        return problem;
    }

    /** The problem lists an error with a message for each of the fields. */
    public static void assertFieldErrors(JsonObject problem, String... fields) {
        assertTrue(problem.containsKey("errors"), problem::toString);
        List<JsonObject> errors = problem.getJsonArray("errors").getValuesAs(JsonObject.class);
        for (JsonObject error : errors) {
            assertFalse(error.getString("message", "").isBlank(), error::toString);
        }
        List<String> named =
                errors.stream().map(error -> error.getString("field")).toList();
        for (String field : fields) {
            assertTrue(named.contains(field), () -> field + " not in " + problem);
        }
    }
}
