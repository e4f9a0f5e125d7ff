package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Await;
import it.support.ConsoleClient;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URI;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Two servers on one PostgreSQL (the second one started by .ci/run, named by -Dit.node2.url): a write on
 * one is read on the other at once, a recall's reinforcement (held in memory for up to a second) reaches
 * the other within seconds, the minute TTL timer runs once per minute across both, not once on each, settings
 * and the facts quota are shared, and each server keeps its own request-rate buckets.
 */
@ExtendWith(ArquillianExtension.class)
@EnabledIfSystemProperty(named = "it.node2.url", matches = ".+")
class ClusterIT extends Deployments {

    private final String tenant = Tokens.newTenant("cluster");
    private final String token = Tokens.token(tenant, Tokens.ALL_ROLES);
    private final Api node1 = new Api(Api.serverBase(), token);
    private final Api node2 = new Api(URI.create(System.getProperty("it.node2.url")), token);

    @Test
    void aWriteOnOneServerIsRecalledOnTheOtherAtOnce() {
        Api.Reply written =
                node1.post("api/v1/scopes/user:1/facts", "{\"content\":\"Deploys on Kubernetes in Frankfurt\"}");
        assertEquals(201, written.status(), written.toString());
        String id = written.json().getString("id");

        Api.Reply recalled = node2.get("api/v1/scopes/user:1/recall?q=kubernetes");
        assertEquals(200, recalled.status(), recalled.toString());
        assertEquals(id, recalled.items().getJsonObject(0).getJsonObject("fact").getString("id"));
        assertEquals(204, node2.delete("api/v1/scopes/user:1/facts/" + id).status());
        assertEquals(404, node1.get("api/v1/scopes/user:1/facts/" + id).status());
    }

    @Test
    void aSupersessionOnOneServerHoldsOnTheOtherAtOnce() {
        String scope = "api/v1/scopes/user:7/";
        String lisbon = node1.post(scope + "facts", "{\"content\":\"User lives in Lisbon\"}")
                .json()
                .getString("id");
        Api.Reply berlin = node2.post(
                scope + "facts", "{\"content\":\"User moved to Berlin\",\"supersedes\":[\"" + lisbon + "\"]}");
        assertEquals(201, berlin.status(), berlin.toString());
        assertEquals(
                berlin.json().getString("id"),
                node1.get(scope + "facts/" + lisbon).json().getString("superseded_by"));
        assertFalse(node1.get(scope + "facts").body().contains(lisbon), "node1 lists only the current fact");
        assertFalse(node1.get(scope + "context").body().contains("Lisbon"));
        assertEquals(
                1, node1.get(scope + "facts/" + lisbon + "/history").items().size());
    }

    @Test
    void aRecallOnOneServerReinforcesTheFactOnTheOtherWithinSeconds() throws InterruptedException {
        Api.Reply written = node1.post("api/v1/scopes/user:2/facts", "{\"content\":\"Backups run nightly at two\"}");
        assertEquals(201, written.status(), written.toString());
        String id = written.json().getString("id");
        Api.Reply recalled = node1.get("api/v1/scopes/user:2/recall?q=backups");
        assertEquals(
                1, recalled.items().getJsonObject(0).getJsonObject("fact").getInt("access_count"), recalled.toString());

        // node1 writes its counted uses every second; nothing on node2 can make it write sooner
        int seen = Await.until(
                "node1's recall of user:2 counted on node2",
                Duration.ofSeconds(20),
                Duration.ofMillis(250),
                () -> node2.get("api/v1/scopes/user:2/facts/" + id).json().getInt("access_count"),
                count -> count != 0);
        assertEquals(1, seen, "node1's recall reached the database");
    }

    @Test
    void theMinuteTimerRunsOnceAcrossBothServers() throws Exception {
        long before = ttlRuns();
        Instant deadline = Instant.now().plus(Duration.ofSeconds(150));
        long afterFirst = Await.until(
                "a run of the TTL timer on either server",
                Duration.ofSeconds(150),
                Duration.ofSeconds(1),
                this::ttlRuns,
                runs -> runs > before);
        awaitMinuteTimerPast(Instant.now().truncatedTo(ChronoUnit.MINUTES), deadline);
        assertEquals(afterFirst, ttlRuns(), "one run per minute across the cluster");
        assertEquals(before + 1, afterFirst);
    }

    /**
     * Waits until the shared timer table (Liberty's persistent executor, table WLPTASK) shows the minute timer's
     * run of {@code minute} done: a server runs a due execution only after reserving it there
     * (missedTaskThreshold), and a finished one moves the timer's row on to the next minute, so from then on no
     * server can run that minute again.
     */
    private static void awaitMinuteTimerPast(Instant minute, Instant deadline) throws Exception {
        try (Connection db = DriverManager.getConnection(
                        System.getProperty("it.db.url"),
                        System.getProperty("it.db.user"),
                        System.getProperty("it.db.password"));
                PreparedStatement done = db.prepareStatement("SELECT COUNT(*) FROM wlptask WHERE iname LIKE"
                        + " '%#LifecycleSchedule' AND nextexec - prevsched = 60000 AND prevsched >= ?")) {
            done.setLong(1, minute.toEpochMilli());
            Await.until(
                    "the end of the minute timer's run of " + minute,
                    Duration.ofMillis(Math.max(
                            1000, Duration.between(Instant.now(), deadline).toMillis())),
                    Duration.ofMillis(100),
                    () -> {
                        try (ResultSet count = done.executeQuery()) {
                            count.next();
                            return count.getLong(1) > 0;
                        }
                    });
        }
    }

    @Test
    void aSettingsChangeOnOneServerHoldsOnTheOtherAtOnce() {
        assertEquals(
                201,
                node1.post("api/v1/scopes/user:3/facts", "{\"content\":\"Settings are shared\"}")
                        .status());
        assertEquals(30, node2.get("api/v1/tenant/settings").json().getInt("max_log_days"));
        assertEquals(
                200, node1.put("api/v1/tenant/settings", "{\"max_log_days\":9}").status());
        assertEquals(9, node2.get("api/v1/tenant/settings").json().getInt("max_log_days"));
    }

    @Test
    void theFactsQuotaIsSharedAndTheRateIsEachServers() throws InterruptedException {
        assertEquals(
                201,
                node1.post("api/v1/scopes/user:4/facts", "{\"content\":\"First of three\"}")
                        .status());
        HttpResponse<String> saved = ConsoleClient.admin()
                .post(
                        "/console/tenants/" + tenant + "/quotas",
                        Map.of("facts", "3", "requests_per_second", "1", "burst", "2"),
                        true);
        assertEquals(303, saved.statusCode(), saved::body);
        awaitQuotasOnNode2();
        Thread.sleep(2100); // both servers' buckets full again

        assertEquals(
                200,
                node1.post(
                                "api/v1/scopes/user:4/facts:batch",
                                "{\"facts\":[{\"content\":\"Second of three\"},{\"content\":\"Third of three\"}]}")
                        .status());
        Api.Reply refused = node2.post("api/v1/scopes/user:5/facts", "{\"content\":\"Fourth is one too many\"}");
        assertEquals(409, refused.status(), "node2 counts node1's facts against the one quota: " + refused);

        Thread.sleep(2100); // both buckets full again
        int limitedOnNode1 = 0;
        for (int i = 0; i < 4; i++) {
            limitedOnNode1 += node1.get("api/v1/scopes/user:4/facts").status() == 429 ? 1 : 0;
        }
        assertTrue(limitedOnNode1 >= 1, "node1's bucket of 2 is used up");
        assertEquals(200, node2.get("api/v1/scopes/user:4/facts").status(), "node2 keeps a bucket of its own");
    }

    @Test
    void aFactIsEmbeddedByOneServerFoundByMeaningOnTheOtherAndForgottenOnBoth() throws InterruptedException {
        // the servers count every fact they embed: earlier tests' facts still queued would be counted here too
        org.awaitility.Awaitility.await("the embedding queue empty before counting")
                .atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> backlog(node1) == 0);
        long embeddedBefore = embeddedHere(node1) + embeddedHere(node2);
        String scope = "api/v1/scopes/user:6/";
        StringBuilder batch = new StringBuilder("{\"facts\":[{\"content\":\"Prefers Python\"}");
        for (int i = 0; i < 29; i++) {
            batch.append(",{\"content\":\"Visited harbour number ").append(i).append(" by ferry\",\"dedupe\":false}");
        }
        Api.Reply written = node1.post(scope + "facts:batch", batch.append("]}").toString());
        assertEquals(200, written.status(), written.toString());
        assertEquals(30, written.json().getInt("created"), written.toString());
        String python = written.json().getJsonArray("items").getJsonObject(0).getString("id");
        Await.until(
                "the 30 facts' vectors",
                Duration.ofSeconds(120),
                Duration.ofMillis(250),
                () -> node2.get(scope + "stats").json().getInt("embedded_facts") >= 30);
        assertEquals(
                30,
                embeddedHere(node1) + embeddedHere(node2) - embeddedBefore,
                "each fact was embedded by exactly one of the two servers");

        JsonObject onNode2 = node2.get(scope + "recall?q=which%20language").json();
        assertEquals(
                python,
                onNode2.getJsonArray("items")
                        .getJsonObject(0)
                        .getJsonObject("fact")
                        .getString("id"));
        assertEquals(
                python,
                node1.get(scope + "recall?q=which%20language")
                        .json()
                        .getJsonArray("items")
                        .getJsonObject(0)
                        .getJsonObject("fact")
                        .getString("id"),
                "node1 caches the scope's vectors too");

        assertEquals(204, node2.delete(scope + "facts/" + python).status());
        for (Api node : new Api[] {node1, node2}) {
            JsonObject recalled = node.get(scope + "recall?q=which%20language").json();
            recalled.getJsonArray("items")
                    .forEach(item -> assertNotEquals(
                            python,
                            item.asJsonObject().getJsonObject("fact").getString("id"),
                            "a deleted fact came back by meaning"));
        }
    }

    @Test
    void anErasureOnOneServerLeavesNothingToFindOnTheOther() throws InterruptedException {
        String scope = "api/v1/scopes/agent:bot:user:8/";
        Api.Reply written = node1.post(
                scope + "facts:batch",
                "{\"facts\":[{\"content\":\"Prefers Python\"}," + "{\"content\":\"SSN is 123-45-6789\"}]}");
        assertEquals(200, written.status(), written.toString());
        assertEquals(
                201,
                node1.post("api/v1/scopes/user:81/facts", "{\"content\":\"Prefers Rust\"}")
                        .status());
        // user:81's fact too: it is recalled by meaning below, so the test must not race the embedding worker
        it.support.Await.embedded(node2, "agent:bot:user:8", 2, Duration.ofSeconds(120));
        it.support.Await.embedded(node2, "user:81", 1, Duration.ofSeconds(120));
        for (Api node : new Api[] {node1, node2}) { // both servers now hold the scope's vectors in their caches
            assertEquals(
                    "semantic",
                    node.get(scope + "recall?q=which%20language&mode=semantic")
                            .json()
                            .getString("mode"));
            assertFalse(
                    node.get(scope + "recall?q=which%20language&mode=semantic")
                            .items()
                            .isEmpty(),
                    "found by meaning");
        }

        Api.Reply erased = node1.post("api/v1/erasures", "{\"subject\":\"user:8\"}");
        assertEquals(201, erased.status(), erased.toString());
        assertEquals(2, erased.json().getInt("facts"));
        for (Api node : new Api[] {node1, node2}) {
            assertEquals(
                    0,
                    node.get(scope + "recall?q=which%20language&mode=semantic")
                            .items()
                            .size(),
                    "a vector came back");
            assertEquals(
                    0, node.get(scope + "recall?q=which%20language").items().size());
            assertEquals(0, node.get(scope + "search?q=SSN").items().size(), "a posting came back");
            assertEquals(
                    1,
                    node.get("api/v1/scopes/user:81/recall?q=which%20language")
                            .items()
                            .size(),
                    "user:81 is untouched");
        }
        assertEquals(
                erased.json(),
                node2.get("api/v1/erasures/" + erased.json().getString("id")).json(),
                "the receipt reads the same on the other server");
    }

    /** The facts queued for embedding, every server's (the queue is in the shared database). */
    private static long backlog(Api node) {
        return embeddings(node).getJsonNumber("backlog").longValue();
    }

    private static JsonObject embeddings(Api node) {
        return node.as(null).get("health").json().getJsonArray("checks").stream()
                .map(JsonValue::asJsonObject)
                .filter(check -> check.getString("name").equals("embeddings"))
                .findFirst()
                .orElseThrow()
                .getJsonObject("data");
    }

    private static long embeddedHere(Api node) {
        JsonObject embeddings = node.as(null).get("health").json().getJsonArray("checks").stream()
                .map(JsonValue::asJsonObject)
                .filter(check -> check.getString("name").equals("embeddings"))
                .findFirst()
                .orElseThrow();
        return embeddings.getJsonObject("data").getJsonNumber("embedded_here").longValue();
    }

    /** Until node2 shows the facts quota, or refuses a request by the new rate: it read the new limits. */
    private void awaitQuotasOnNode2() {
        Await.until("node2 applying the console's quotas", Duration.ofSeconds(15), Duration.ofMillis(250), () -> {
            Api.Reply quotas = node2.get("api/v1/tenant/quotas");
            return quotas.status() == 429
                    || !quotas.json().getJsonObject("facts").isNull("limit");
        });
    }

    /** TTL runs made by both servers together, from their health data. */
    private long ttlRuns() {
        return ttlRunsOf(node1) + ttlRunsOf(node2);
    }

    private static long ttlRunsOf(Api node) {
        Api.Reply health = node.as(null).get("health/live");
        JsonObject jobs = health.json().getJsonArray("checks").stream()
                .map(JsonValue::asJsonObject)
                .filter(check -> check.getString("name").equals("lifecycle-jobs"))
                .findFirst()
                .orElseThrow();
        return jobs.getJsonObject("data").getJsonNumber("ttl.runs").longValue();
    }
}
