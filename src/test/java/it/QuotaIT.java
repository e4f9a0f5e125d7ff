package it;

import static it.support.ProblemAssertions.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.ConsoleClient;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Quotas are the operator's: defaults from the server's configuration, a tenant's own set in the console
 * (audited), never by the tenant. Over a rate: 429 with Retry-After; over the facts or scopes quota: 409
 * naming the quota, and nothing written. One tenant at its limits leaves the others untouched.
 */
@ExtendWith(ArquillianExtension.class)
class QuotaIT extends Deployments {

    private final String tenant = Tokens.newTenant("quota");
    private final Api api = new Api(Api.serverBase(), Tokens.token(tenant, Tokens.ALL_ROLES));

    @Test
    void aReaderSeesItsLimitsAndWhatTheTenantUses() {
        write("user:1", 3);
        write("user:2", 1);
        Api.Reply reply = api.as(Tokens.token(tenant, List.of("memory.read"))).get("api/v1/tenant/quotas");

        assertEquals(200, reply.status(), reply::toString);
        JsonObject quotas = reply.json();
        JsonObject rate = quotas.getJsonObject("requests_per_second");
        assertEquals(2000, rate.getInt("limit"), "the server-wide default");
        assertEquals(4000, rate.getInt("burst"), "twice the rate unless configured");
        assertTrue(quotas.getJsonObject("facts").isNull("limit"), "unlimited by default: " + quotas);
        assertEquals(4, quotas.getJsonObject("facts").getInt("used"));
        assertTrue(quotas.getJsonObject("scopes").isNull("limit"));
        assertEquals(2, quotas.getJsonObject("scopes").getInt("used"));
    }

    @Test
    void theTenantCannotChangeItsOwnQuotas() {
        assertProblem(api.put("api/v1/tenant/quotas", "{\"facts\":{\"limit\":null}}"), 405);
        assertProblem(api.put("api/v1/tenant/settings", "{\"facts\":100000000}"), 400);
    }

    @Test
    void aWriteThatWouldPassTheFactsQuotaIs409AndWritesNothing() {
        write("user:1", 1); // the console binds only tenants that have memory
        setQuotas(Map.of("facts", "5"));
        write("user:1", 3);

        Api.Reply refused = api.post(facts("user:2") + ":batch", batch(2, "over"));
        JsonObject problem = assertProblem(refused, 409);
        assertTrue(problem.getString("detail").contains("'facts' quota is 5"), problem::toString);
        assertTrue(problem.getString("type").endsWith("/quota-exceeded"), problem::toString);
        assertEquals(0, api.get(facts("user:2")).items().size(), "nothing of the refused batch was written");
        assertEquals(
                4, api.get("api/v1/tenant/quotas").json().getJsonObject("facts").getInt("used"));

        write("user:1", 1); // the last free place
        assertProblem(api.post(facts("user:1"), "{\"content\":\"one too many\"}"), 409);
        String held = api.get(facts("user:1")).items().getJsonObject(0).getString("content");
        JsonObject duplicate =
                api.post(facts("user:1"), "{\"content\":\"" + held + "\"}").json();
        assertTrue(duplicate.getBoolean("reinforced"), "reinforcing holds no new fact: " + duplicate);
        assertEquals(
                5, api.get("api/v1/tenant/quotas").json().getJsonObject("facts").getInt("limit"));

        Api.Reply otherTenant = new Api(
                        Api.serverBase(), Tokens.token(Tokens.newTenant("quota-free"), Tokens.ALL_ROLES))
                .post(facts("user:1") + ":batch", batch(10, "free"));
        assertEquals(200, otherTenant.status(), "another tenant keeps its own limits: " + otherTenant);
    }

    @Test
    void aRestoreThatWouldPassTheFactsQuotaIs409AndLeavesTheScopeAsItWas() {
        write("user:1", 4);
        assertEquals(
                201,
                api.post("api/v1/scopes/user:1/snapshots", "{\"name\":\"four\"}")
                        .status());
        for (var item : api.get(facts("user:1")).items()) {
            assertEquals(
                    204,
                    api.delete(facts("user:1") + "/" + item.asJsonObject().getString("id"))
                            .status());
        }
        write("user:2", 3);
        setQuotas(Map.of("facts", "5"));

        assertProblem(api.post("api/v1/scopes/user:1/snapshots/four/restore", ""), 409);
        assertEquals(0, api.get(facts("user:1")).items().size());
        assertEquals(
                3, api.get("api/v1/tenant/quotas").json().getJsonObject("facts").getInt("used"));
    }

    @Test
    void aNewScopePastTheScopesQuotaIs409AndIsNotCreated() {
        write("user:1", 1);
        setQuotas(Map.of("scopes", "2"));
        write("user:2", 1);

        JsonObject problem = assertProblem(api.post(facts("user:3"), "{\"content\":\"third scope\"}"), 409);
        assertTrue(problem.getString("detail").contains("'scopes' quota is 2"), problem::toString);
        assertProblem(api.post("api/v1/scopes/user:3/snapshots", "{\"name\":\"s\"}"), 409);
        assertEquals(
                List.of("user:1", "user:2"),
                api.get("api/v1/scopes").items().stream()
                        .map(scope -> scope.asJsonObject().getString("scope"))
                        .toList());
        write("user:1", 2); // existing scopes take writes as before
    }

    @Test
    void overTheTenantsRateTheNextRequestIs429WithRetryAfterAndOtherTenantsAreServed() {
        write("user:1", 1);
        setQuotas(Map.of("requests_per_second", "1", "burst", "2"));
        Api other = new Api(Api.serverBase(), Tokens.token(Tokens.newTenant("quota-other"), Tokens.ALL_ROLES));

        Map<Integer, Integer> statuses = new HashMap<>();
        Api.Reply limited = null;
        for (int i = 0; i < 6; i++) {
            Api.Reply reply = api.get(facts("user:1"));
            statuses.merge(reply.status(), 1, Integer::sum);
            if (reply.status() == 429) {
                limited = reply;
            }
            assertEquals(200, other.get(facts("user:1")).status(), "another tenant is never slowed by this one");
        }
        assertTrue(statuses.getOrDefault(429, 0) >= 3, () -> "6 requests at once on a burst of 2: " + statuses);
        JsonObject problem = assertProblem(limited, 429);
        assertTrue(problem.getString("type").endsWith("/rate-limited"), problem::toString);
        assertTrue(Integer.parseInt(limited.header("Retry-After")) >= 1, limited::toString);
    }

    @Test
    void overOneSubjectsRateThatSubjectIs429AndAnotherSubjectOfTheTenantIsServed() {
        write("user:1", 1);
        setQuotas(Map.of("subject_requests_per_second", "1", "subject_burst", "1"));
        Map<String, Object> claims = Tokens.claims(tenant, Tokens.ALL_ROLES);
        claims.put("sub", "busy-agent");
        Api busy = api.as(Tokens.sign(claims));

        assertEquals(200, busy.get(facts("user:1")).status());
        Api.Reply second = busy.get(facts("user:1"));
        assertProblem(second, 429);
        assertTrue(second.header("Retry-After") != null, second::toString);
        assertEquals(200, api.get(facts("user:1")).status(), "the tenant's other subjects keep their own bucket");
    }

    @Test
    void consoleQuotaChangesAreValidatedWholeAndAudited() {
        write("user:1", 1);
        ConsoleClient console = ConsoleClient.admin();
        HttpResponse<String> refused = console.post(
                "/console/tenants/" + tenant + "/quotas",
                Map.of("facts", "-5", "requests_per_second", "10", "burst", "3"),
                true);
        assertEquals(400, refused.statusCode(), refused::body);
        assertTrue(refused.body().contains("facts") && refused.body().contains("burst"), refused::body);
        assertTrue(api.get("api/v1/tenant/quotas").json().getJsonObject("facts").isNull("limit"), "nothing was kept");

        setQuotas(Map.of("facts", "100", "scopes", "unlimited"));
        String page = console.get("/console/tenants/" + tenant).body();
        assertTrue(page.contains("value=\"100\"") && page.contains("value=\"unlimited\""), page);
        String audit = console.get("/console/audit?tenant=" + tenant).body();
        assertTrue(audit.contains("change_quotas"), audit);
    }

    // --- helpers -------------------------------------------------------------------------------------

    private void setQuotas(Map<String, String> fields) {
        HttpResponse<String> saved = ConsoleClient.admin().post("/console/tenants/" + tenant + "/quotas", fields, true);
        assertEquals(303, saved.statusCode(), saved::body);
    }

    private void write(String scope, int count) {
        Api.Reply reply = api.post(facts(scope) + ":batch", batch(count, "quota"));
        assertEquals(200, reply.status(), reply::toString);
    }

    private static String batch(int count, String word) {
        String nonce = Long.toString(System.nanoTime(), 36);
        return IntStream.range(0, count)
                .mapToObj(i -> "{\"content\":\"" + word + " fact " + nonce + " number " + i + "\"}")
                .collect(Collectors.joining(",", "{\"facts\":[", "]}"));
    }

    private static String facts(String scope) {
        return "api/v1/scopes/" + scope + "/facts";
    }
}
