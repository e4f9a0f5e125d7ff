package it;

import static it.support.ProblemAssertions.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Erasure of a data subject: every scope holding the subject's segments, or every fact holding a text, goes with
 * its log entries, snapshot copies, postings and vectors; nothing else moves; the receipt counts it, is kept,
 * and a second run finds nothing left.
 */
@ExtendWith(ArquillianExtension.class)
class ErasureIT extends Deployments {

    private static final String EMPTY_DIGEST = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

    private final String tenant = Tokens.newTenant("erasure");
    private final Api api = new Api(Api.serverBase(), Tokens.token(tenant, Tokens.ALL_ROLES));

    @Test
    void erasingASubjectRemovesEveryScopeHoldingItAndNothingElse() {
        for (String scope :
                List.of("user:42", "user:42:project:x", "agent:support-bot:user:42", "user:421", "global")) {
            remember(scope, "Lives at 12 Rua Augusta, said " + scope);
        }
        remember("user:42", "Prefers window seats");
        assertEquals(
                201,
                api.post(path("user:42", "snapshots"), "{\"name\":\"backup\"}").status());
        Api other = new Api(Api.serverBase(), Tokens.token(Tokens.newTenant("erasure-other"), Tokens.ALL_ROLES));
        assertEquals(
                201,
                other.post(path("user:42", "facts"), "{\"content\":\"Another tenant's user 42\"}")
                        .status());

        Api.Reply reply = api.post("api/v1/erasures", "{\"subject\":\"user:42\"}");
        assertEquals(201, reply.status(), reply::toString);
        JsonObject receipt = reply.json();
        assertEquals(List.of("agent:support-bot:user:42", "user:42", "user:42:project:x"), strings(receipt, "scopes"));
        assertEquals(4, receipt.getInt("facts"));
        assertEquals(4, receipt.getInt("log_entries"));
        assertEquals(1, receipt.getInt("snapshots"));
        assertEquals(2, receipt.getInt("snapshot_facts"));
        assertEquals("user:42", receipt.getString("subject"));
        assertTrue(receipt.isNull("content_contains"));
        assertEquals("it-user", receipt.getString("actor"));
        assertTrue(receipt.getString("digest").matches("[0-9a-f]{64}"), receipt::toString);
        assertFalse(reply.body().contains("Rua Augusta"), "a receipt never holds the contents");
        assertTrue(reply.header("Location").endsWith("/api/v1/erasures/" + receipt.getString("id")), reply::toString);

        assertEquals(
                List.of("global", "user:421"),
                api.get("api/v1/scopes").items().stream()
                        .map(scope -> scope.asJsonObject().getString("scope"))
                        .toList(),
                "user:421 is not user:42");
        assertEquals(1, api.get(path("user:421", "facts")).items().size());
        assertEquals(0, api.get(path("user:42", "search?q=augusta")).items().size());
        assertEquals(
                0,
                api.get(path("user:42", "recall?q=" + Api.encode("where does the user live")))
                        .items()
                        .size());
        assertEquals(404, api.get(path("user:42", "snapshots/backup/diff")).status());
        assertEquals(1, other.get(path("user:42", "facts")).items().size(), "another tenant is untouched");

        assertEquals(
                receipt, api.get("api/v1/erasures/" + receipt.getString("id")).json(), "the same receipt, kept");
        JsonObject again =
                api.post("api/v1/erasures", "{\"subject\":\"user:42\"}").json();
        assertNotEquals(receipt.getString("id"), again.getString("id"));
        for (String count : List.of("facts", "log_entries", "snapshots", "snapshot_facts")) {
            assertEquals(0, again.getInt(count), () -> "a second run removes nothing more: " + again);
        }
        assertEquals(EMPTY_DIGEST, again.getString("digest"));
        assertTrue(
                api.get("api/v1/audit").items().stream()
                        .map(JsonValue::asJsonObject)
                        .anyMatch(event -> event.getString("action").equals("erase")),
                "the erasure is audited");
    }

    @Test
    void erasingByContentReachesEveryScopeTheLogAndTheSnapshotsAndNothingElse() {
        String card = remember("user:1", "Card number is 4111 1111 1111 1111");
        remember("user:1", "Prefers aisle seats");
        remember("user:2", "Paid with card 4111 1111 1111 1111 last week");
        assertEquals(
                201,
                api.post(path("user:1", "snapshots"), "{\"name\":\"before\"}").status());

        JsonObject receipt = api.post("api/v1/erasures", "{\"content_contains\":\"4111 1111\"}")
                .json();

        assertEquals(2, receipt.getInt("facts"), receipt::toString);
        assertEquals(2, receipt.getInt("log_entries"));
        assertEquals(0, receipt.getInt("snapshots"), "snapshots stay, without the copies");
        assertEquals(1, receipt.getInt("snapshot_facts"));
        assertEquals(List.of("user:1", "user:2"), strings(receipt, "scopes"));
        assertTrue(receipt.isNull("subject"));
        assertEquals("4111 1111", receipt.getString("content_contains"));
        for (String scope : List.of("user:1", "user:2")) {
            assertFalse(api.get(path(scope, "facts")).body().contains("4111"), scope);
            assertFalse(api.get(path(scope, "logs")).body().contains("4111"), scope);
            assertFalse(
                    api.get(path(scope, "logs/" + LocalDate.now(ZoneOffset.UTC)))
                            .body()
                            .contains("4111"),
                    scope);
            assertFalse(api.get(path(scope, "context")).body().contains("4111"), scope);
            assertEquals(0, api.get(path(scope, "search?q=4111")).items().size());
        }
        assertEquals(
                200, api.post(path("user:1", "snapshots/before/restore"), "").status());
        assertEquals(404, api.get(path("user:1", "facts/" + card)).status(), "a restore cannot bring it back");
        assertEquals(
                List.of("Prefers aisle seats"),
                api.get(path("user:1", "facts")).items().stream()
                        .map(fact -> fact.asJsonObject().getString("content"))
                        .toList());
    }

    @Test
    void aTokenLimitedByMemoryScopesErasesOnlyWithinThem() {
        for (String scope : List.of("user:42", "user:42:project:x", "agent:support-bot:user:42")) {
            remember(scope, "Phone is 555 0100 in " + scope);
        }
        Api limited = api.as(Tokens.token(tenant, Tokens.ALL_ROLES, List.of("user:42")));

        JsonObject receipt =
                limited.post("api/v1/erasures", "{\"subject\":\"user:42\"}").json();

        assertEquals(List.of("user:42", "user:42:project:x"), strings(receipt, "scopes"));
        assertEquals(
                1, api.get(path("agent:support-bot:user:42", "facts")).items().size(), "outside the token's scopes");
        assertProblem(limited.post("api/v1/erasures", "{\"subject\":\"user:43\"}"), 403);
    }

    @Test
    void badRequestsAreRefusedAndEraseNothing() {
        remember("user:7", "Keeps a diary");
        assertProblem(api.post("api/v1/erasures", "{}"), 400);
        assertProblem(api.post("api/v1/erasures", "{\"subject\":\"not a scope!\"}"), 400);
        assertProblem(api.post("api/v1/erasures", "{\"subject\":42}"), 400);
        assertProblem(api.post("api/v1/erasures", "{\"subject\":\"user:7\",\"scope\":\"x\"}"), 400);
        assertProblem(api.post("api/v1/erasures", "{\"content_contains\":\"   \"}"), 400);
        assertProblem(api.post("api/v1/erasures", "{\"content_contains\":\"a\\u0000b\"}"), 400);
        assertProblem(api.post("api/v1/erasures", "{\"content_contains\":\"\\udc00\"}"), 400);
        assertProblem(
                api.as(Tokens.token(tenant, List.of("memory.write")))
                        .post("api/v1/erasures", "{\"subject\":\"user:7\"}"),
                403);
        assertProblem(api.get("api/v1/erasures/no-such-erasure"), 404);
        assertEquals(1, api.get(path("user:7", "facts")).items().size(), "nothing was erased");
        Api other = new Api(Api.serverBase(), Tokens.token(Tokens.newTenant("erasure-other"), Tokens.ALL_ROLES));
        String id =
                api.post("api/v1/erasures", "{\"subject\":\"user:8\"}").json().getString("id");
        assertProblem(other.get("api/v1/erasures/" + id), 404);
    }

    // --- helpers -------------------------------------------------------------------------------------

    @Test
    void anErasureClearsTheKeysAndTitlesTheAuditLogShowsOfDeletedFacts() {
        String passport = labelled("user:77", "passport-77", "Passport of Ana Lima", "Passport number P1234567");
        String card = labelled("user:78", "payment", "Card ending 4242", "Pays by card, the one ending 4242");
        String kept = labelled("user:79", "seat", "Seat choice", "Prefers window seats");
        for (String[] deleted : new String[][] {{"user:77", passport}, {"user:78", card}, {"user:79", kept}}) {
            assertEquals(
                    204, api.delete(path(deleted[0], "facts/" + deleted[1])).status());
        }
        // a scope cleared before the erasure leaves only its audit rows behind
        labelled("agent:bot:user:77", "visa-77", "Visa of Ana Lima", "Visa number V7654321");
        assertEquals(204, api.delete("api/v1/scopes/agent:bot:user:77").status());
        it.support.ConsoleClient console = it.support.ConsoleClient.admin();
        String before = console.get("/console/audit?tenant=" + tenant).body();
        for (String label :
                List.of("passport-77", "Passport of Ana Lima", "Card ending 4242", "Seat choice", "Visa of Ana Lima")) {
            assertTrue(before.contains(label), "a deletion shows the fact's key and title: " + label);
        }
        assertFalse(before.contains("P1234567"), "never the content");

        assertEquals(
                201, api.post("api/v1/erasures", "{\"subject\":\"user:77\"}").status());
        assertEquals(
                201,
                api.post("api/v1/erasures", "{\"content_contains\":\"4242\"}").status());

        String after = console.get("/console/audit?tenant=" + tenant).body();
        for (String label :
                List.of("passport-77", "Passport of Ana Lima", "Card ending 4242", "visa-77", "Visa of Ana Lima")) {
            assertFalse(after.contains(label), "the erasure cleared " + label);
        }
        assertTrue(after.contains("Seat choice"), "what no erasure reached keeps its labels");
    }

    private String labelled(String scope, String key, String title, String content) {
        Api.Reply reply = api.post(
                path(scope, "facts"),
                "{\"content\":\"" + content + "\",\"key\":\"" + key + "\",\"title\":\"" + title + "\"}");
        assertEquals(201, reply.status(), reply::toString);
        return reply.json().getString("id");
    }

    private String remember(String scope, String content) {
        return api.remember(scope, "{\"content\":\"" + content + "\",\"dedupe\":false}")
                .getString("id");
    }

    private static List<String> strings(JsonObject json, String name) {
        return json.getJsonArray(name).getValuesAs(jakarta.json.JsonString.class).stream()
                .map(jakarta.json.JsonString::getString)
                .toList();
    }

    private static String path(String scope, String rest) {
        return "api/v1/scopes/" + scope + "/" + rest;
    }
}
