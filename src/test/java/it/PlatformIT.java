package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Operations endpoints, and proof that the environment's MEMORIA_DB_* outrank the server's defaults. */
@ExtendWith(ArquillianExtension.class)
class PlatformIT extends Deployments {

    private final Api anonymous = new Api(Api.serverBase(), null);

    @Test
    void readinessChecksTheDatabaseTheEnvironmentNamed() {
        Api.Reply reply = anonymous.get("health/ready");
        assertEquals(200, reply.status(), reply.toString());
        JsonObject database = reply.json().getJsonArray("checks").stream()
                .map(v -> v.asJsonObject())
                .filter(check -> check.getString("name").equals("database"))
                .findFirst()
                .orElseThrow();
        assertEquals("UP", database.getString("status"));

        assertEquals("PostgreSQL", database.getJsonObject("data").getString("product"));
        String url = System.getProperty("it.db.url");
        if (!url.startsWith("jdbc:postgresql:")) {
            // the server's default folder lives under its output folder; this one exists only because of MEMORIA_DB_URL
            assertTrue(
                    Files.exists(Path.of("target/it-db/postgres/PG_VERSION")),
                    "the embedded PostgreSQL folder MEMORIA_DB_URL names");
        }
    }

    @Test
    void livenessAndOverallHealthNeedNoToken() {
        Api.Reply live = anonymous.get("health/live");
        assertEquals(200, live.status());
        JsonObject size = live.json().getJsonArray("checks").stream()
                .map(v -> v.asJsonObject())
                .filter(check -> check.getString("name").equals("database_size"))
                .findFirst()
                .orElseThrow()
                .getJsonObject("data");
        boolean embedded = !System.getProperty("it.db.url").startsWith("jdbc:postgresql:");
        assertEquals(embedded, size.getBoolean("embedded"), size.toString());
        assertTrue(size.getJsonNumber("size_mib").longValue() > 0, size.toString());
        assertEquals(embedded, size.containsKey("embedded_max_facts"), size.toString());
        assertFalse(size.containsKey("warning"), "the test database is far below the embedded limit: " + size);
        Api.Reply health = anonymous.get("health");
        assertEquals(200, health.status());
        assertEquals("UP", health.json().getString("status"));
    }

    @Test
    void openApiDescribesTheFactsResource() {
        Api.Reply reply = anonymous.send("GET", "openapi", null, null);
        assertEquals(200, reply.status());
        assertTrue(reply.body().contains("/api/v1/scopes/{scope}/facts"), "facts path documented");
        assertTrue(reply.body().contains("/api/v1/scopes/{scope}/facts:batch"), "batch path documented");
        assertTrue(reply.body().contains("bearer"), "security scheme documented");
        assertEquals(200, anonymous.get("openapi/ui/").status());
    }

    @Test
    void metricsNeedNoTokenAndNameNoTenant() {
        String tenant = Tokens.newTenant("metrics");
        Api api = anonymous.as(Tokens.token(tenant, Tokens.ALL_ROLES));
        assertEquals(
                201,
                api.post("api/v1/scopes/user:secret-scope/facts", "{\"content\":\"Counted, not named\"}")
                        .status());
        Api.Reply metrics = anonymous.get("metrics");
        assertEquals(200, metrics.status());
        assertTrue(metrics.body().contains("jvm"), "JVM metrics are exported");
        assertFalse(metrics.body().contains(tenant), "no tenant id in any label");
        assertFalse(metrics.body().contains("secret-scope"), "no scope in any label");
    }

    @Test
    void unknownApiPathIs404Problem() {
        Api api = anonymous.as(Tokens.token(Tokens.newTenant("platform"), Tokens.ALL_ROLES));
        Api.Reply reply = api.get("api/v1/no-such-thing");
        assertEquals(404, reply.status());
        assertTrue(reply.contentType().startsWith("application/problem+json"), reply.contentType());
        assertEquals(404, reply.json().getInt("status"));
    }

    @Test
    void wrongMethodIs405Problem() {
        Api api = anonymous.as(Tokens.token(Tokens.newTenant("platform"), Tokens.ALL_ROLES));
        Api.Reply reply = api.put("api/v1/scopes", "{}");
        assertEquals(405, reply.status());
        assertTrue(reply.contentType().startsWith("application/problem+json"), reply.contentType());
        assertFalse(reply.body().contains("Exception"), reply.body());
    }

    @Test
    void scopesListPagesByName() {
        Api api = anonymous.as(Tokens.token(Tokens.newTenant("platform"), Tokens.ALL_ROLES));
        for (String scope : List.of("b", "a", "c")) {
            assertEquals(
                    201,
                    api.post("api/v1/scopes/" + scope + "/facts", "{\"content\":\"Fact in " + scope + "\"}")
                            .status());
        }
        Api.Reply first = api.get("api/v1/scopes?limit=2");
        assertEquals(
                List.of("a", "b"),
                first.items().stream()
                        .map(v -> v.asJsonObject().getString("scope"))
                        .toList());
        String cursor = first.json().getString("next_cursor");
        Api.Reply second = api.get("api/v1/scopes?limit=2&cursor=" + cursor);
        assertEquals(
                List.of("c"),
                second.items().stream()
                        .map(v -> v.asJsonObject().getString("scope"))
                        .toList());
        assertTrue(second.json().isNull("next_cursor"));
        JsonObject a = first.items().getJsonObject(0);
        assertEquals(1, a.getInt("facts"));
        assertEquals(0, a.getInt("persistent_facts"));
        assertEquals(1, a.getInt("log_entries"));
    }
}
