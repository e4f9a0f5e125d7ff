package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Memory never crosses tenants, whatever scope or snapshot name two tenants share, and a token limited by
 * memory_scopes reaches none of the memory endpoints of another scope.
 */
@ExtendWith(ArquillianExtension.class)
class MemoryIsolationIT extends Deployments {

    private static final String SCOPE = "user:1";
    private static final String TENANT_A = Tokens.newTenant("iso-a");
    private static final Api A = new Api(Api.serverBase(), Tokens.token(TENANT_A, Tokens.ALL_ROLES));
    private static final Api B = A.as(Tokens.token(Tokens.newTenant("iso-b"), Tokens.ALL_ROLES));

    private static String factOfA;
    private static String today;
    private static List<String> stateOfA;

    /** One request of the memory API on {@link #SCOPE}; {@code rest} is the path below the scope. */
    private record Call(String method, String rest, String body, String contentType) {
        static Call get(String rest) {
            return new Call("GET", rest, null, null);
        }

        static Call post(String rest, String json) {
            return new Call("POST", rest, json, "application/json");
        }

        static Call delete(String rest) {
            return new Call("DELETE", rest, null, null);
        }

        Api.Reply by(Api caller) {
            return caller.send(
                    method,
                    rest.isEmpty() ? "api/v1/scopes/" + SCOPE : MemoryIsolationIT.path(rest),
                    body,
                    contentType);
        }
    }

    @BeforeAll
    static void tenantAFillsItsScope() {
        factOfA = remember(A, Map.of("content", "Prefers green tea", "category", "preferences", "persistent", true));
        remember(A, Map.of("content", "Works at Globex", "category", "work", "persistent", true));
        remember(A, Map.of("content", "Visited Kyoto in April", "category", "travel", "type", "episodic"));
        remember(A, Map.of("content", "Owns a grey cat named Pixel"));
        assertEquals(201, A.post(path("snapshots"), "{\"name\":\"s1\"}").status());
        today = items(ok(A.get(path("logs")))).get(0).getString("timestamp").substring(0, 10);
        stateOfA = stateOfA();
    }

    @Test
    void anotherTenantSeesNothingInTheSameScope() {
        assertEquals(List.of(), items(ok(B.get(path("facts")))));
        assertProblem(404, B.get(path("facts/" + factOfA)));
        assertEquals(List.of(), items(ok(B.get(path("search?q=" + Api.encode("green tea"))))));
        JsonObject recall = ok(B.get(path("recall?q=" + Api.encode("green tea"))));
        assertEquals(List.of(), items(recall));
        assertEquals("", recall.getString("context"));
        assertEquals("", text(B, "context"));
        assertEquals("", text(B, "context?q=tea"));
        assertEquals("# Agent Memory\n", text(B, "memory.md"));
        assertEquals(List.of(), items(ok(B.get(path("logs")))));
        assertEquals("", text(B, "logs/" + today));
        assertEquals(List.of(), items(ok(B.get(path("snapshots")))));
        JsonObject stats = ok(B.get(path("stats")));
        for (String count : List.of("total_facts", "persistent_facts", "log_days", "log_entries", "snapshots")) {
            assertEquals(0, stats.getInt(count), count + " in " + stats);
        }
        assertEquals(JsonValue.EMPTY_JSON_OBJECT, stats.getJsonObject("by_category"));
        assertFalse(items(ok(B.get("api/v1/scopes"))).stream()
                .anyMatch(s -> s.getString("scope").equals(SCOPE)));
        assertEquals(stateOfA, stateOfA(), "B's recall reinforced nothing of A's");
    }

    @Test
    void anotherTenantCannotReachASnapshotOfTheSameName() {
        assertProblem(404, B.get(path("snapshots/s1/diff?against=current")));
        assertProblem(404, B.post(path("snapshots/s1/restore"), null));
        assertProblem(404, B.delete(path("snapshots/s1")));
        assertEquals(stateOfA, stateOfA());
    }

    @Test
    void anotherTenantRestoringAndClearingTheSameScopeLeavesTheFirstAlone() {
        Api other = A.as(Tokens.token(Tokens.newTenant("iso-other"), Tokens.ALL_ROLES));
        String own =
                remember(other, Map.of("content", "Prefers green tea", "category", "preferences", "persistent", true));
        assertEquals(201, other.post(path("snapshots"), "{\"name\":\"s1\"}").status());
        remember(other, Map.of("content", "Collects vinyl records"));

        assertEquals(
                Json.createObjectBuilder().add("restored", 1).build(),
                ok(other.post(path("snapshots/s1/restore"), null)));
        assertEquals(
                List.of(own),
                items(ok(other.get(path("facts")))).stream()
                        .map(f -> f.getString("id"))
                        .toList());
        assertEquals(0, ok(other.post(path("logs:prune?max_days=0"), null)).getInt("deleted_days"));
        assertEquals(204, other.delete(path("logs")).status());
        assertEquals(204, other.delete(path("snapshots/s1")).status());
        assertEquals(204, other.delete("api/v1/scopes/" + SCOPE).status());

        assertEquals(stateOfA, stateOfA());
    }

    @Test
    void aTokenLimitedToAnotherScopeIsForbiddenEverywhere() {
        Api limited = A.as(Tokens.token(TENANT_A, Tokens.ALL_ROLES, List.of("user:2")));
        List<Call> calls = List.of(
                Call.get("facts"),
                Call.get("facts/" + factOfA),
                Call.get("search?q=tea"),
                Call.get("recall?q=tea"),
                Call.get("context"),
                Call.get("memory.md"),
                new Call("PUT", "memory.md", "# Agent Memory\n\n## work\n- Works at Initech\n", "text/markdown"),
                Call.get("logs"),
                Call.get("logs/" + today),
                Call.post("logs:prune?max_days=0", null),
                Call.delete("logs"),
                Call.get("snapshots"),
                Call.post("snapshots", "{\"name\":\"s2\"}"),
                Call.get("snapshots/s1/diff?against=current"),
                Call.post("snapshots/s1/restore", null),
                Call.delete("snapshots/s1"),
                Call.get("stats"),
                Call.post("decay", null),
                Call.delete(""));
        for (Call call : calls) {
            assertProblem(403, call.by(limited), call.toString());
        }
        assertEquals(200, limited.get("api/v1/scopes/user:2/stats").status(), "the token works on its own scope");
        assertEquals(stateOfA, stateOfA());
    }

    // ---- helpers ------------------------------------------------------------------------------------

    /** Everything A can read of its scope, less what moves with the clock (retention). */
    private static List<String> stateOfA() {
        List<JsonObject> facts = items(ok(A.get(path("facts")))).stream()
                .map(fact -> Json.createObjectBuilder(fact).remove("retention").build())
                .toList();
        // retention moves with the clock, the embedding counts with the worker behind the writes
        JsonObject stats = Json.createObjectBuilder(ok(A.get(path("stats"))))
                .remove("avg_retention")
                .remove("embedded_facts")
                .remove("embedding_backlog")
                .build();
        return List.of(
                facts.toString(),
                stats.toString(),
                text(A, "memory.md"),
                text(A, "context"),
                A.get(path("logs")).body(),
                text(A, "logs/" + today),
                A.get(path("snapshots")).body());
    }

    private static String remember(Api caller, Map<String, ?> fact) {
        @SuppressWarnings("unchecked")
        Map<String, Object> fields = (Map<String, Object>) fact;
        Api.Reply reply = caller.post(
                path("facts"), Json.createObjectBuilder(fields).build().toString());
        assertEquals(201, reply.status(), reply.toString());
        return reply.json().getString("id");
    }

    private static String text(Api caller, String rest) {
        Api.Reply reply = caller.get(path(rest));
        assertEquals(200, reply.status(), reply.toString());
        return reply.body();
    }

    private static String path(String rest) {
        return "api/v1/scopes/" + SCOPE + "/" + rest;
    }

    private static JsonObject ok(Api.Reply reply) {
        assertEquals(200, reply.status(), reply.toString());
        return reply.json();
    }

    private static List<JsonObject> items(JsonObject reply) {
        return reply.getJsonArray("items").stream().map(JsonValue::asJsonObject).toList();
    }

    private static void assertProblem(int status, Api.Reply reply) {
        assertProblem(status, reply, "");
    }

    private static void assertProblem(int status, Api.Reply reply, String what) {
        assertEquals(status, reply.status(), what + " -> " + reply);
        assertTrue(reply.contentType().startsWith("application/problem+json"), what + " -> " + reply.contentType());
        assertEquals(status, reply.json().getInt("status"), what);
    }
}
