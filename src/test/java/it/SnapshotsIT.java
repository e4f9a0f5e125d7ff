package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.ServerTime;
import it.support.Tokens;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Freezing a scope's facts under a name, comparing, restoring exactly, and deleting snapshots. */
@ExtendWith(ArquillianExtension.class)
class SnapshotsIT extends Deployments {

    private static final String TENANT = Tokens.newTenant("snapshots");

    private final Api api = new Api(Api.serverBase(), Tokens.token(TENANT, Tokens.ALL_ROLES));
    private final String scope = "user:" + UUID.randomUUID().toString().substring(0, 8);

    /** The facts of a scope before and after {@link #snapshotThenChange()}. */
    private record Changed(List<JsonObject> before, String deleted, String patched, String added) {}

    @Test
    void snapshotHasNameTimeAndFactCountAndIsListed() {
        remember("Prefers espresso in the morning");
        remember("Keeps bonsai trees on the balcony");
        JsonObject snapshot = snapshot("first");
        assertEquals("first", snapshot.getString("name"));
        Instant.parse(snapshot.getString("created_at")); // RFC 3339, or this throws
        assertEquals(2, snapshot.getInt("facts"));
        assertEquals(List.of(snapshot), snapshots());
    }

    @Test
    void aTakenNameIs409() {
        remember("Prefers espresso in the morning");
        JsonObject first = snapshot("daily");
        remember("Keeps bonsai trees on the balcony");
        assertProblem(409, api.post(path("snapshots"), "{\"name\":\"daily\"}"));
        assertEquals(List.of(first), snapshots(), "the first snapshot is untouched");
    }

    @Test
    void namesMustBeOneToSixtyFourSafeCharacters() {
        for (String bad : List.of(
                "{\"name\":\"a b\"}",
                "{\"name\":\"" + "x".repeat(65) + "\"}",
                "{}",
                "{\"name\":\"\"}",
                "{\"name\":\"../up\"}",
                "{\"name\":42}")) {
            assertProblem(400, api.post(path("snapshots"), bad));
        }
        assertEquals(List.of(), snapshots());
        snapshot("x".repeat(64));
        snapshot("v1.2_final-B");
        assertEquals(2, snapshots().size());
    }

    @Test
    void diffAgainstCurrentShowsAddedRemovedAndChangedFacts() {
        Changed changed = snapshotThenChange();
        JsonObject diff = ok(api.get(path("snapshots/before/diff?against=current")));
        assertEquals(List.of(changed.added()), ids(diff, "added"));
        assertEquals(List.of(changed.deleted()), ids(diff, "removed"));
        List<JsonObject> changes = list(diff, "changed");
        assertEquals(1, changes.size(), diff.toString());
        JsonObject before = changes.get(0).getJsonObject("before");
        JsonObject after = changes.get(0).getJsonObject("after");
        assertEquals(changed.patched(), before.getString("id"));
        assertEquals(changed.patched(), after.getString("id"));
        assertEquals("Drives a blue bicycle", before.getString("content"));
        assertEquals("Drives a red scooter", after.getString("content"));
    }

    @Test
    void restoreMakesTheFactsExactlyTheSnapshotsAndRebuildsTheIndex() {
        Changed changed = snapshotThenChange();
        assertEquals(
                Json.createObjectBuilder().add("restored", 3).build(),
                ok(api.post(path("snapshots/before/restore"), null)));
        assertEquals(changed.before(), facts());

        assertEquals(List.of(changed.deleted()), search("bonsai"));
        assertEquals(List.of(changed.patched()), search("bicycle"));
        assertEquals(List.of(), search("scooter"));
        assertEquals(List.of(), search("portuguese"));
        List<JsonObject> recalled = list(ok(api.get(path("recall?q=bonsai"))), "items");
        assertEquals(
                List.of(changed.deleted()),
                recalled.stream()
                        .map(r -> r.getJsonObject("fact").getString("id"))
                        .toList());

        JsonObject nothing = ok(api.get(path("snapshots/before/diff?against=current")));
        assertEquals(List.of(), list(nothing, "added"));
        assertEquals(List.of(), list(nothing, "removed"));
        assertEquals(List.of(), list(nothing, "changed"));
    }

    @Test
    void aRestoredFactIsReindexedWhenChangedAndUnindexedWhenDeleted() {
        Changed changed = snapshotThenChange();
        ok(api.post(path("snapshots/before/restore"), null));
        String espresso = changed.before().get(2).getString("id");
        ok(api.patch(path("facts/" + changed.patched()), "{\"content\":\"Rides a green tandem\"}"));
        assertEquals(204, api.delete(path("facts/" + espresso)).status());

        assertEquals(List.of(), search("bicycle"), "the restored text's postings went with the change");
        assertEquals(List.of(changed.patched()), search("tandem"));
        assertEquals(List.of(), search("espresso"));
        assertEquals(List.of(changed.deleted()), search("bonsai"));
    }

    @Test
    void aFactThatExpiredSinceTheSnapshotIsNeitherDiffedNorRestored() throws InterruptedException {
        String lasting = remember("Prefers espresso in the morning");
        Api.Reply fleeting = api.post(path("facts"), "{\"content\":\"Gate code 4711 today\",\"ttl_seconds\":1}");
        assertEquals(201, fleeting.status(), fleeting.toString());
        snapshot("with-ttl");
        ServerTime.advance(api, 2); // the fact expires; whether the TTL job has deleted its row yet does not matter

        JsonObject diff = ok(api.get(path("snapshots/with-ttl/diff?against=current")));
        assertEquals(List.of(), ids(diff, "removed"), "an expired fact is never shown");
        assertEquals(List.of(), ids(diff, "added"));

        assertEquals(1, ok(api.post(path("snapshots/with-ttl/restore"), null)).getInt("restored"));
        assertEquals(
                List.of(lasting),
                facts().stream().map(fact -> fact.getString("id")).toList());
        assertEquals(List.of(), search("gate"));
    }

    @Test
    void diffBetweenTwoSnapshots() {
        remember("Prefers espresso in the morning");
        snapshot("one");
        String added = remember("Learning Portuguese on weekends");
        snapshot("two");

        JsonObject forward = ok(api.get(path("snapshots/one/diff?against=two")));
        assertEquals(List.of(added), ids(forward, "added"));
        assertEquals(List.of(), ids(forward, "removed"));
        assertEquals(List.of(), list(forward, "changed"));

        JsonObject backward = ok(api.get(path("snapshots/two/diff?against=one")));
        assertEquals(List.of(), ids(backward, "added"));
        assertEquals(List.of(added), ids(backward, "removed"));
    }

    @Test
    void anUnknownSnapshotIs404AndChangesNothing() {
        remember("Prefers espresso in the morning");
        snapshot("known");
        List<JsonObject> facts = facts();

        assertProblem(404, api.post(path("snapshots/unknown/restore"), null));
        assertProblem(404, api.get(path("snapshots/unknown/diff?against=current")));
        assertProblem(404, api.get(path("snapshots/known/diff?against=unknown")));
        assertProblem(404, api.delete(path("snapshots/unknown")));
        assertEquals(facts, facts());
        assertEquals(1, snapshots().size());
    }

    @Test
    void snapshotsBelongToTheirScope() {
        remember("Prefers espresso in the morning");
        snapshot("mine");
        String other = "api/v1/scopes/" + scope + ":project:x/snapshots";
        assertEquals(List.of(), list(ok(api.get(other)), "items"));
        assertProblem(404, api.post(other + "/mine/restore", null));
    }

    @Test
    void aDeletedSnapshotIsGone() {
        remember("Prefers espresso in the morning");
        snapshot("old");
        assertEquals(204, api.delete(path("snapshots/old")).status());
        assertEquals(List.of(), snapshots());
        assertProblem(404, api.delete(path("snapshots/old")));
        assertProblem(404, api.post(path("snapshots/old/restore"), null));
        assertEquals(1, facts().size(), "deleting a snapshot keeps the facts");
    }

    // ---- fixtures and helpers -----------------------------------------------------------------------

    /** Three facts, snapshot "before", then one added, one deleted and one patched. */
    private Changed snapshotThenChange() {
        remember("Prefers espresso in the morning");
        String deleted = remember("Keeps bonsai trees on the balcony");
        String patched = remember("Drives a blue bicycle");
        List<JsonObject> before = facts();
        assertEquals(3, snapshot("before").getInt("facts"));

        String added = remember("Learning Portuguese on weekends");
        assertEquals(204, api.delete(path("facts/" + deleted)).status());
        ok(api.patch(path("facts/" + patched), "{\"content\":\"Drives a red scooter\"}"));
        return new Changed(before, deleted, patched, added);
    }

    private String remember(String content) {
        Api.Reply reply = api.post(
                path("facts"),
                Json.createObjectBuilder().add("content", content).build().toString());
        assertEquals(201, reply.status(), reply.toString());
        return reply.json().getString("id");
    }

    private JsonObject snapshot(String name) {
        Api.Reply reply = api.post(
                path("snapshots"),
                Json.createObjectBuilder().add("name", name).build().toString());
        assertEquals(201, reply.status(), reply.toString());
        return reply.json();
    }

    private List<JsonObject> snapshots() {
        return list(ok(api.get(path("snapshots"))), "items");
    }

    /** The scope's facts, newest first, without retention (which moves with the clock). */
    /** The scope's facts as a restore brings them back: a restore is a new version, so its number and time differ. */
    private List<JsonObject> facts() {
        return list(ok(api.get(path("facts"))), "items").stream()
                .map(fact -> Json.createObjectBuilder(fact)
                        .remove("retention")
                        .remove("version")
                        .remove("valid_from")
                        .build())
                .toList();
    }

    private List<String> search(String q) {
        return ids(ok(api.get(path("search?q=" + Api.encode(q)))), "items");
    }

    private String path(String rest) {
        return "api/v1/scopes/" + scope + "/" + rest;
    }

    private static JsonObject ok(Api.Reply reply) {
        assertEquals(200, reply.status(), reply.toString());
        return reply.json();
    }

    private static List<JsonObject> list(JsonObject json, String field) {
        return json.getJsonArray(field).stream().map(JsonValue::asJsonObject).toList();
    }

    private static List<String> ids(JsonObject json, String field) {
        return list(json, field).stream().map(fact -> fact.getString("id")).toList();
    }

    private static void assertProblem(int status, Api.Reply reply) {
        assertEquals(status, reply.status(), reply.toString());
        assertTrue(reply.contentType().startsWith("application/problem+json"), reply.contentType());
        assertEquals(status, reply.json().getInt("status"));
    }
}
