package it;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two servers on one PostgreSQL (the second one started by .ci/run, named by -Dit.node2.url): a write on
 * one is read on the other at once, a recall's reinforcement (held in memory for up to a second) reaches
 * the other within seconds, and the minute TTL timer runs once per minute across both, not once on each.
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
        Api.Reply written = node1.post("api/v1/scopes/user:1/facts", "{\"content\":\"Deploys on Kubernetes in Frankfurt\"}");
        assertEquals(201, written.status(), written.toString());
        String id = written.json().getString("id");

        Api.Reply recalled = node2.get("api/v1/scopes/user:1/recall?q=kubernetes");
        assertEquals(200, recalled.status(), recalled.toString());
        assertEquals(id, recalled.items().getJsonObject(0).getJsonObject("fact").getString("id"));
        assertEquals(204, node2.delete("api/v1/scopes/user:1/facts/" + id).status());
        assertEquals(404, node1.get("api/v1/scopes/user:1/facts/" + id).status());
    }

    @Test
    void aRecallOnOneServerReinforcesTheFactOnTheOtherWithinSeconds() throws InterruptedException {
        Api.Reply written = node1.post("api/v1/scopes/user:2/facts", "{\"content\":\"Backups run nightly at two\"}");
        assertEquals(201, written.status(), written.toString());
        String id = written.json().getString("id");
        Api.Reply recalled = node1.get("api/v1/scopes/user:2/recall?q=backups");
        assertEquals(1, recalled.items().getJsonObject(0).getJsonObject("fact").getInt("access_count"), recalled.toString());

        // node1 writes its counted uses every second; nothing on node2 can make it write sooner
        Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
        int seen = 0;
        while (seen == 0 && Instant.now().isBefore(deadline)) {
            Thread.sleep(250);
            seen = node2.get("api/v1/scopes/user:2/facts/" + id).json().getInt("access_count");
        }
        assertEquals(1, seen, "node1's recall reached the database");
    }

    @Test
    void theMinuteTimerRunsOnceAcrossBothServers() throws InterruptedException {
        long before = ttlRuns();
        Instant deadline = Instant.now().plus(Duration.ofSeconds(150));
        while (ttlRuns() == before && Instant.now().isBefore(deadline)) {
            Thread.sleep(1000);
        }
        long afterFirst = ttlRuns();
        assertTrue(afterFirst > before, "the TTL timer ran on neither server");
        Thread.sleep(5000); // a second server running the same minute would have finished by now
        assertEquals(afterFirst, ttlRuns(), "one run per minute across the cluster");
        assertEquals(before + 1, afterFirst);
    }

    /** TTL runs made by both servers together, from their health data. */
    private long ttlRuns() {
        return ttlRunsOf(node1) + ttlRunsOf(node2);
    }

    private static long ttlRunsOf(Api node) {
        Api.Reply health = node.as(null).get("health/live");
        JsonObject jobs = health.json().getJsonArray("checks").stream().map(JsonValue::asJsonObject)
                .filter(check -> check.getString("name").equals("lifecycle-jobs")).findFirst().orElseThrow();
        return jobs.getJsonObject("data").getJsonNumber("ttl.runs").longValue();
    }
}
