package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.ServerTime;
import it.support.Tokens;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Forgetting on purpose: capacity eviction in the writing transaction, and the TTL, decay and capacity
 * jobs (run through the test hook instead of their timers), each leaving its trace in the audit log.
 */
@ExtendWith(ArquillianExtension.class)
class LifecycleIT extends Deployments {

    private final String tenant = Tokens.newTenant("life");
    private final Api api = new Api(Api.serverBase(), Tokens.token(tenant, Tokens.ALL_ROLES));

    @Test
    void theWriteThatGoesOverCapacityEvictsTheLeastValuableNonPersistentFact() {
        settings("{\"max_facts_per_scope\":3}");
        String pinned = remember("user:1", "Name is Alice", 0.0, true);
        String strong = remember("user:1", "Works on the Atlas launch", 0.9, false);
        String weak = remember("user:1", "Had coffee at nine", 0.1, false);
        String middle = remember("user:1", "Reads science fiction", 0.5, false);
        assertEquals(Set.of(pinned, strong, middle), ids("user:1"), "the 0.1 fact made room");

        String stronger = remember("user:1", "Leads the platform team", 0.95, false);
        assertEquals(Set.of(pinned, strong, stronger), ids("user:1"), "then the 0.5 fact; the pinned one stays");

        List<JsonObject> evictions = audit("evict");
        assertEquals(
                Set.of(weak, middle),
                evictions.stream().map(e -> e.getString("fact_id")).collect(Collectors.toSet()));
        evictions.forEach(e -> assertEquals("job:capacity", e.getString("actor")));
    }

    @Test
    void aBatchOverCapacityEvictsItsOwnLeastValuableFactsAndUnindexesThem() {
        settings("{\"max_facts_per_scope\":3}");
        Api.Reply reply = api.post("api/v1/scopes/user:4/facts:batch", """
                {"facts":[{"content":"Quokka photos from Rottnest","importance":0.1},
                          {"content":"Axolotl tank needs cleaning","importance":0.2},
                          {"content":"Narwhal documentary tonight","importance":0.9},
                          {"content":"Pangolin scales are keratin","importance":0.8},
                          {"content":"Okapi lives in Congo","importance":0.7}]}""");
        assertEquals(200, reply.status(), reply.toString());
        Map<String, String> idByContent = reply.items().stream()
                .map(JsonValue::asJsonObject)
                .collect(Collectors.toMap(f -> f.getString("content"), f -> f.getString("id")));

        assertEquals(
                Set.of(
                        idByContent.get("Narwhal documentary tonight"),
                        idByContent.get("Pangolin scales are keratin"),
                        idByContent.get("Okapi lives in Congo")),
                ids("user:4"));
        for (String word : List.of("quokka", "axolotl")) {
            assertEquals(
                    0, api.get("api/v1/scopes/user:4/search?q=" + word).items().size(), word + " is still indexed");
        }
        assertEquals(1, api.get("api/v1/scopes/user:4/search?q=okapi").items().size());
        assertEquals(
                Set.of(idByContent.get("Quokka photos from Rottnest"), idByContent.get("Axolotl tank needs cleaning")),
                audit("evict").stream().map(e -> e.getString("fact_id")).collect(Collectors.toSet()));
    }

    @Test
    void theCapacitySweepEnforcesALoweredLimitAndKeepsPersistentFactsLast() {
        String pinned = remember("user:2", "Prefers tea", 0.0, true);
        remember("user:2", "Visited Lisbon in May", 0.8, false);
        remember("user:2", "Owns a bicycle", 0.3, false);
        settings("{\"max_facts_per_scope\":1}");
        assertEquals(3, ids("user:2").size(), "lowering the limit alone deletes nothing");

        runJob("capacity");
        assertEquals(Set.of(pinned), ids("user:2"));
    }

    @Test
    void theTtlJobDeletesExpiredRowsAndAuditsThem() {
        String fleeting = rememberJson("user:3", "{\"content\":\"Temporary door code 4711\",\"ttl_seconds\":1}");
        String lasting = remember("user:3", "Door code policy: ask security", 0.5, false);
        ServerTime.advance(api, 2);

        runJob("ttl"); // the minute timer may have been first: either way the row is gone and audited
        assertEquals(Set.of(lasting), ids("user:3"));
        JsonObject expired = audit("expire").stream()
                .filter(e -> e.getString("fact_id").equals(fleeting))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no audit event for the expired fact"));
        assertEquals("job:ttl", expired.getString("actor"));
        assertEquals("user:3", expired.getString("scope"));
    }

    @Test
    void theDecayJobForgetsOnlyFadedNonPersistentFacts() throws InterruptedException {
        String faded = remember("user:4", "Mentioned the weather once", 0.0, false);
        String pinned = remember("user:4", "Allergic to peanuts", 0.0, true);
        String fresh = remember("user:4", "Starts a new job on Monday", 1.0, false);
        settings("{\"forget_below\":0.5}");
        ServerTime.advance(api, 1); // importance 0 means retention 0 as soon as any time has passed

        runJob("decay");
        assertEquals(Set.of(pinned, fresh), ids("user:4"));
        List<JsonObject> decayed = audit("decay");
        assertEquals(
                List.of(faded),
                decayed.stream().map(e -> e.getString("fact_id")).toList());
        assertEquals("job:decay", decayed.get(0).getString("actor"));
    }

    @Test
    void thePruneJobKeepsEachTenantsOwnNumberOfDays() {
        Api otherTenant = api.as(Tokens.token(Tokens.newTenant("life-long"), Tokens.ALL_ROLES));
        settings("{\"max_log_days\":5}");
        assertEquals(
                200,
                otherTenant
                        .put("api/v1/tenant/settings", "{\"max_log_days\":30}")
                        .status());
        String kept = remember("user:5", "Keeps a persistent fact through pruning", 0.5, true);
        assertEquals(
                201,
                otherTenant
                        .post("api/v1/scopes/user:5/facts", "{\"content\":\"Logged ten days ago\"}")
                        .status());
        for (Api tenantApi : List.of(api, otherTenant)) {
            assertEquals(
                    200,
                    tenantApi
                            .post("api/v1/test-hooks/scopes/user:5/logs:age?days=10", "")
                            .status());
        }

        runJob("prune");
        assertEquals(0, api.get("api/v1/scopes/user:5/logs?days=30").items().size(), "older than this tenant's 5 days");
        assertEquals(
                1, otherTenant.get("api/v1/scopes/user:5/logs?days=30").items().size(), "within the other's 30 days");
        assertEquals(Set.of(kept), ids("user:5"), "pruning never touches facts");
        JsonObject pruned = audit("prune_logs").get(0);
        assertEquals("job:prune", pruned.getString("actor"));
        assertTrue(pruned.isNull("fact_id"));
    }

    @Test
    void unknownJobIs404() {
        assertEquals(404, api.post("api/v1/test-hooks/jobs/vacuum", "").status());
    }

    private JsonObject runJob(String job) {
        Api.Reply reply = api.post("api/v1/test-hooks/jobs/" + job, "");
        assertEquals(200, reply.status(), reply.toString());
        return reply.json();
    }

    private void settings(String json) {
        Api.Reply reply = api.put("api/v1/tenant/settings", json);
        assertEquals(200, reply.status(), reply.toString());
    }

    private String remember(String scope, String content, double importance, boolean persistent) {
        return rememberJson(
                scope,
                "{\"content\":\"" + content + "\",\"importance\":" + importance + ",\"persistent\":" + persistent
                        + "}");
    }

    private String rememberJson(String scope, String json) {
        return api.remember(scope, json).getString("id");
    }

    private Set<String> ids(String scope) {
        return api.get("api/v1/scopes/" + scope + "/facts?limit=500").items().stream()
                .map(JsonValue::asJsonObject)
                .map(f -> f.getString("id"))
                .collect(Collectors.toSet());
    }

    private List<JsonObject> audit(String action) {
        return api.get("api/v1/audit?limit=500").items().stream()
                .map(JsonValue::asJsonObject)
                .filter(e -> e.getString("action").equals(action))
                .toList();
    }
}
