package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.ConsoleClient;
import it.support.Deployments;
import it.support.ServerTime;
import it.support.Tokens;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Forget means forget: however a fact is deleted (by id, by key, by a tool call, in the console, or by the TTL,
 * decay and capacity jobs), its daily-log entries go with it, so the next prompt block, the log listing and the
 * log day no longer carry its content; other facts' entries stay.
 */
@ExtendWith(ArquillianExtension.class)
class ForgetIT extends Deployments {

    private static final String SECRET = "SSN is 123-45-6789";
    private static final String KEPT = "Prefers window seats";

    private final String tenant = Tokens.newTenant("forget");
    private final Api api = new Api(Api.serverBase(), Tokens.token(tenant, Tokens.ALL_ROLES));

    @Test
    void deletingByIdRemovesTheFactsLogEntriesFromContextAndLogs() {
        String id = remember("user:1", "{\"content\":\"" + SECRET + "\",\"category\":\"personal\"}");
        remember(
                "user:1",
                "{\"content\":\"" + SECRET + "\",\"category\":\"personal\"}"); // a reinforcement: a second entry
        assertTrue(api.get(scope("user:1") + "/context").body().contains(SECRET), "the log holds it before");

        assertEquals(204, api.delete(scope("user:1") + "/facts/" + id).status());

        assertForgotten("user:1");
    }

    @Test
    void deletingByKeyRemovesTheLogEntriesOfEveryContentTheKeyHeld() {
        assertEquals(
                201,
                api.put(scope("user:2") + "/facts/by-key/ssn", "{\"content\":\"SSN is 000-00-0000\"}")
                        .status());
        assertEquals(
                200,
                api.put(scope("user:2") + "/facts/by-key/ssn", "{\"content\":\"" + SECRET + "\"}")
                        .status());

        assertEquals(204, api.delete(scope("user:2") + "/facts/by-key/ssn").status());

        assertForgotten("user:2");
        assertFalse(
                api.get(scope("user:2") + "/context").body().contains("000-00-0000"), "the key's earlier content too");
    }

    @Test
    void aToolCallsDeleteForgetsTheLogEntries() {
        String id = remember("user:3", "{\"content\":\"" + SECRET + "\"}");
        Api.Reply deleted = api.post(
                scope("user:3") + "/tool-calls",
                "{\"name\":\"delete_memory\",\"arguments\":{\"key_or_id\":\"" + id + "\"}}");
        assertEquals(200, deleted.status(), deleted::toString);

        assertForgotten("user:3");
    }

    @Test
    void aConsoleDeleteForgetsTheLogEntries() {
        String id = remember("user:4", "{\"content\":\"" + SECRET + "\"}");
        ConsoleClient console = ConsoleClient.admin();
        HttpResponse<String> deleted =
                console.post("/console/tenants/" + tenant + "/scopes/user:4/facts/" + id + "/delete", Map.of(), true);
        assertTrue(deleted.statusCode() == 200 || deleted.statusCode() == 303, deleted::body);

        assertEquals(404, api.get(scope("user:4") + "/facts/" + id).status());
        assertForgotten("user:4");
    }

    @Test
    void theTtlJobForgetsTheLogEntriesOfWhatExpired() {
        remember("user:5", "{\"content\":\"" + SECRET + "\",\"ttl_seconds\":1}");
        ServerTime.advance(api, 2);
        runJob("ttl");

        assertForgotten("user:5");
    }

    @Test
    void decayForgetsTheLogEntriesOfWhatFaded() {
        remember("user:6", "{\"content\":\"" + SECRET + "\"}");
        assertEquals(
                200, api.put("api/v1/tenant/settings", "{\"forget_below\":1.0}").status());

        JsonObject decayed = api.post(scope("user:6") + "/decay", "").json();
        assertEquals(1, decayed.getInt("forgotten"), decayed::toString);

        assertForgotten("user:6");
    }

    @Test
    void capacityEvictionForgetsTheLogEntriesOfWhatWasEvicted() {
        assertEquals(
                200,
                api.put("api/v1/tenant/settings", "{\"max_facts_per_scope\":1}").status());
        remember("user:7", "{\"content\":\"" + SECRET + "\",\"importance\":0.1}");
        remember("user:7", "{\"content\":\"" + KEPT + "\",\"importance\":0.9}"); // evicts the secret

        assertEquals(1, api.get(scope("user:7") + "/facts").items().size());
        assertForgotten("user:7");
    }

    // --- helpers -------------------------------------------------------------------------------------

    /** The secret is in no prompt block, log listing or log day of the scope; the kept fact's entry is. */
    private void assertForgotten(String scope) {
        remember(scope, "{\"content\":\"" + KEPT + "\",\"dedupe\":false}");
        String context = api.get(scope(scope) + "/context").body();
        assertFalse(context.contains(SECRET), () -> "the prompt block still carries it:\n" + context);
        assertTrue(context.contains(KEPT), () -> "other facts' entries stay:\n" + context);
        Api.Reply logs = api.get(scope(scope) + "/logs?days=1&limit=1000");
        assertFalse(logs.body().contains(SECRET), logs::toString);
        for (JsonValue entry : logs.items()) {
            assertTrue(entry.asJsonObject().getString("content").equals(KEPT), entry::toString);
        }
        Api.Reply day = api.get(scope(scope) + "/logs/" + LocalDate.now(ZoneOffset.UTC));
        assertFalse(day.body().contains(SECRET), day::toString);
        assertEquals(0, api.get(scope(scope) + "/search?q=SSN").items().size());
    }

    private String remember(String scope, String json) {
        return api.rememberOrReinforce(scope, json).getString("id");
    }

    private void runJob(String job) {
        Api.Reply reply = api.post("api/v1/test-hooks/jobs/" + job, "");
        assertEquals(200, reply.status(), reply::toString);
    }

    private static String scope(String scope) {
        return "api/v1/scopes/" + scope;
    }
}
