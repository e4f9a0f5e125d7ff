package it;

import static it.support.ProblemAssertions.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.JsonObject;
import java.util.List;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Tenant A's facts do not exist for tenant B, whatever id, key, scope or content B uses: every such
 * request is answered as if the fact had never been written (404, never 403), and nothing B does
 * changes A's data. Both tokens carry every role and no memory_scopes limit.
 */
@ExtendWith(ArquillianExtension.class)
class TenantIsolationIT extends Deployments {

    private static final String FACTS = "api/v1/scopes/user:1/facts";
    private static final String KEY = "pref.lang";
    private static final String CONTENT = "Prefers Python for data analysis";

    private final Api tenantA = new Api(Api.serverBase(), Tokens.token(Tokens.newTenant("iso-a"), Tokens.ALL_ROLES));
    private final Api tenantB = new Api(Api.serverBase(), Tokens.token(Tokens.newTenant("iso-b"), Tokens.ALL_ROLES));
    private JsonObject factOfA;

    @BeforeEach
    void tenantARemembersAKeyedFact() {
        factOfA = created(tenantA.post(
                FACTS, "{\"content\":\"" + CONTENT + "\",\"key\":\"" + KEY + "\",\"category\":\"preferences\"}"));
    }

    @Test
    void idOfAnotherTenantIs404NotForbidden() {
        String id = factOfA.getString("id");

        assertProblem(tenantB.get(FACTS + "/" + id), 404);
        assertProblem(tenantB.patch(FACTS + "/" + id, "{\"content\":\"Prefers Perl\"}"), 404);
        assertProblem(tenantB.delete(FACTS + "/" + id), 404);
        assertFactOfAUnchanged();
    }

    @Test
    void keyOfAnotherTenantIs404() {
        assertProblem(tenantB.get(FACTS + "/by-key/" + KEY), 404);
        assertProblem(tenantB.delete(FACTS + "/by-key/" + KEY), 404);
        assertFactOfAUnchanged();
    }

    @Test
    void anotherTenantSeesNoFactsAndNoScopes() {
        assertEquals(0, ok(tenantB.get(FACTS)).getJsonArray("items").size());
        assertEquals(
                0, ok(tenantB.get(FACTS + "?q=python")).getJsonArray("items").size());
        assertEquals(0, ok(tenantB.get("api/v1/scopes")).getJsonArray("items").size());
    }

    @Test
    void idOfAnotherTenantIs404EvenInAScopeBothUse() {
        created(tenantB.post(FACTS, "{\"content\":\"Lives in Lisbon\"}"));

        assertProblem(tenantB.get(FACTS + "/" + factOfA.getString("id")), 404);
        assertProblem(tenantB.delete(FACTS + "/" + factOfA.getString("id")), 404);
        assertEquals(1, ok(tenantB.get(FACTS)).getJsonArray("items").size());
        assertFactOfAUnchanged();
    }

    @Test
    void sameKeyInTheSameScopeNameIsTheOtherTenantsOwnFact() {
        JsonObject factOfB = created(tenantB.put(FACTS + "/by-key/" + KEY, "{\"content\":\"Prefers Rust\"}"));

        assertNotEquals(factOfA.getString("id"), factOfB.getString("id"));
        assertEquals("Prefers Rust", ok(tenantB.get(FACTS + "/by-key/" + KEY)).getString("content"));
        assertEquals(204, tenantB.delete(FACTS + "/by-key/" + KEY).status());
        assertFactOfAUnchanged();
    }

    @Test
    void keyHeldOnlyByAnotherTenantIsFree() {
        String id =
                created(tenantB.post(FACTS, "{\"content\":\"Prefers Rust\"}")).getString("id");

        JsonObject patched = ok(tenantB.patch(FACTS + "/" + id, "{\"key\":\"" + KEY + "\"}"));

        assertEquals(KEY, patched.getString("key"));
        assertFactOfAUnchanged();
    }

    @Test
    void dedupNeverReinforcesAnotherTenantsFact() {
        JsonObject factOfB = created(tenantB.post(FACTS, "{\"content\":\"" + CONTENT + "\"}"));
        JsonObject batch =
                ok(tenantB.post(FACTS + ":batch", "{\"facts\":[{\"content\":\"" + CONTENT.toUpperCase() + "\"}]}"));

        assertNotEquals(factOfA.getString("id"), factOfB.getString("id"));
        assertEquals(0, batch.getInt("created"), "reinforces B's own copy");
        assertEquals(
                factOfB.getString("id"),
                batch.getJsonArray("items").getJsonObject(0).getString("id"));
        assertFactOfAUnchanged();
    }

    private void assertFactOfAUnchanged() {
        JsonObject now = ok(tenantA.get(FACTS + "/" + factOfA.getString("id")));
        for (String field : List.of("id", "key", "content", "category", "importance", "created_at", "updated_at")) {
            assertEquals(factOfA.get(field), now.get(field), field);
        }
        assertEquals(
                factOfA.getString("id"),
                ok(tenantA.get(FACTS + "/by-key/" + KEY)).getString("id"));
        assertEquals(1, tenantA.get(FACTS).items().size());
    }

    private static JsonObject created(Api.Reply reply) {
        assertEquals(201, reply.status(), reply::toString);
        return reply.json();
    }

    private static JsonObject ok(Api.Reply reply) {
        assertEquals(200, reply.status(), reply::toString);
        return reply.json();
    }
}
