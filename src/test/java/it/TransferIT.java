package it;

import static it.support.ProblemAssertions.assertFieldErrors;
import static it.support.ProblemAssertions.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.ServerTime;
import it.support.Tokens;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A tenant out as JSON lines and back in: identical, idempotent, all or nothing, within the token's reach. */
@ExtendWith(ArquillianExtension.class)
class TransferIT extends Deployments {

    private static final String NDJSON = "application/x-ndjson";

    @Test
    void exportThenImportIntoAnEmptyTenantThenExportGivesTheSameLines() {
        Api source = admin(Tokens.newTenant("export"));
        fill(source);
        String exported = export(source, "");
        Set<String> lines = lines(exported);
        assertEquals(
                Set.of("fact", "log", "snapshot"),
                lines.stream().map(line -> json(line).getString("kind")).collect(Collectors.toSet()));

        Api target = admin(Tokens.newTenant("import"));
        assertEquals("", export(target, ""), "a new tenant exports nothing");
        JsonObject counts = importFile(target, exported, false);
        long facts = lines.stream()
                .filter(line -> json(line).getString("kind").equals("fact"))
                .count();
        long logs = lines.stream()
                .filter(line -> json(line).getString("kind").equals("log"))
                .count();
        assertEquals(facts, counts.getJsonObject("facts").getInt("created"), counts::toString);
        assertEquals(logs, counts.getJsonObject("logs").getInt("created"), counts::toString);
        assertEquals(1, counts.getJsonObject("snapshots").getInt("created"), counts::toString);
        assertFalse(counts.getBoolean("dry_run"));

        assertEquals(lines, lines(export(target, "")), "the same lines, order aside");
        // what was imported is searchable and readable like any fact
        JsonObject recall =
                target.get("/api/v1/scopes/user:7/recall?q=espresso").json();
        assertEquals(
                "Prefers espresso after lunch",
                recall.getJsonArray("items")
                        .getJsonObject(0)
                        .getJsonObject("fact")
                        .getString("content"));
        assertEquals(
                200,
                target.get("/api/v1/scopes/user:7/facts/by-key/favourite-drink").status());
        assertEquals(
                source.get("/api/v1/scopes/user:7/memory.md").body(),
                target.get("/api/v1/scopes/user:7/memory.md").body());
    }

    @Test
    void importingTheSameFileTwiceChangesNothingTheSecondTime() {
        Api api = admin(Tokens.newTenant("twice"));
        fill(api);
        String exported = export(api, "");
        JsonObject again = importFile(api, exported, false);
        assertEquals(0, again.getJsonObject("facts").getInt("created"), again::toString);
        assertEquals(0, again.getJsonObject("facts").getInt("updated"), again::toString);
        assertEquals(0, again.getJsonObject("logs").getInt("created"), again::toString);
        assertEquals(0, again.getJsonObject("snapshots").getInt("created"), again::toString);
        assertTrue(again.getJsonObject("facts").getInt("unchanged") >= 4, again::toString);
        assertEquals(lines(exported), lines(export(api, "")));
    }

    /** Found by SoakIT: the history of a fact past its TTL was exported without the fact, and no import could keep it. */
    @Test
    void anExpiredFactGoesWithItsHistoryAndTheExportImportsExactly() {
        Api api = admin(Tokens.newTenant("expiredhistory"));
        String brief = api.post("/api/v1/scopes/user:1/facts", "{\"content\":\"Parks on level two\",\"ttl_seconds\":1}")
                .json()
                .getString("id");
        String lasting = api.post("/api/v1/scopes/user:1/facts", "{\"content\":\"Has a dog named Pixel\"}")
                .json()
                .getString("id");
        for (String id : List.of(brief, lasting)) {
            assertEquals(
                    200,
                    api.patch("/api/v1/scopes/user:1/facts/" + id, "{\"importance\":0.9}")
                            .status());
        }
        ServerTime.advance(api, 2); // past the one second the first fact lives

        String exported = export(api, "");
        assertFalse(
                exported.lines().anyMatch(line -> !line.contains("\"kind\":\"log\"") && line.contains(brief)),
                "neither the expired fact nor its history (its log entry stays until the log is pruned): " + exported);
        assertTrue(
                exported.lines().anyMatch(line -> line.contains("\"kind\":\"version\"") && line.contains(lasting)),
                "the lasting fact's first version goes with it");
        Api target = admin(Tokens.newTenant("expiredhistory-target"));
        importFile(target, exported, false);
        assertEquals(lines(exported), lines(export(target, "")));
    }

    @Test
    void aChangedFactIsUpdatedInPlaceAndFoundByItsNewWords() {
        Api api = admin(Tokens.newTenant("update"));
        JsonObject fact = api.post("/api/v1/scopes/user:1/facts", "{\"content\":\"Drives a blue bicycle\"}")
                .json();
        String line = Json.createObjectBuilder(json(export(api, "")
                        .lines()
                        .filter(l -> l.contains("\"fact\""))
                        .findFirst()
                        .orElseThrow()))
                .add("content", "Drives a red scooter")
                .add("importance", 0.9)
                .build()
                .toString();
        JsonObject counts = importFile(api, line + "\n", false);
        assertEquals(1, counts.getJsonObject("facts").getInt("updated"), counts::toString);
        JsonObject after =
                api.get("/api/v1/scopes/user:1/facts/" + fact.getString("id")).json();
        assertEquals("Drives a red scooter", after.getString("content"));
        assertEquals(0.9, after.getJsonNumber("importance").doubleValue(), 1e-9);
        assertEquals(
                fact.getString("id"),
                api.get("/api/v1/scopes/user:1/recall?q=scooter")
                        .json()
                        .getJsonArray("items")
                        .getJsonObject(0)
                        .getJsonObject("fact")
                        .getString("id"));
        assertEquals(
                0,
                api.get("/api/v1/scopes/user:1/search?q=bicycle")
                        .json()
                        .getJsonArray("items")
                        .size());
    }

    @Test
    void anImportThatMakesASupersededFactCurrentAgainIsAuditedAsAReinstatement() {
        String tenant = Tokens.newTenant("reinstate");
        Api api = admin(tenant);
        String lisbon = ok(api.post("/api/v1/scopes/user:1/facts", "{\"content\":\"Lives in Lisbon\"}"))
                .json()
                .getString("id");
        ok(api.post(
                "/api/v1/scopes/user:1/facts",
                "{\"content\":\"Moved to Berlin\",\"dedupe\":false,\"supersedes\":[\"" + lisbon + "\"]}"));
        JsonObject exported = json(export(api, "")
                .lines()
                .filter(l -> l.contains(lisbon) && l.contains("\"fact\""))
                .findFirst()
                .orElseThrow());
        assertFalse(exported.isNull("superseded_by"), exported::toString);
        String line = Json.createObjectBuilder(exported)
                .add("superseded_by", JsonValue.NULL)
                .add("valid_to", JsonValue.NULL)
                .build()
                .toString();
        JsonObject counts = importFile(api, line + "\n", false);
        assertEquals(1, counts.getJsonObject("facts").getInt("updated"), counts::toString);
        assertTrue(api.get("/api/v1/scopes/user:1/facts/" + lisbon).json().isNull("superseded_by"));
        String audit = it.support.ConsoleClient.admin()
                .get("/console/audit?tenant=" + tenant)
                .body();
        assertTrue(audit.contains(">reinstate<"), "the console's audit log shows the reinstatement");
    }

    @Test
    void factsThatArriveWithoutSupersessionAreDecidedInTimeOrderAndAnExportsStateIsKept() {
        Api api = admin(Tokens.newTenant("arrivals"));
        // as a migration writes them: no superseded_by, no valid_to, and not in time order
        String file = String.join(
                "\n",
                arrival("01a00000-0000-7000-8000-000000000003", "Sprint review: Monday 10am", "2026-03-01"),
                arrival("01a00000-0000-7000-8000-000000000001", "Sprint review: Friday 3pm", "2026-01-01"),
                arrival("01a00000-0000-7000-8000-000000000002", "Sprint review: Thursday 4pm", "2026-02-01"),
                arrival("01a00000-0000-7000-8000-000000000004", "Mia's swim lesson is on Saturday", "2026-01-15"),
                "");
        importFile(api, file, false);

        List<String> current = api.get("/api/v1/scopes/user:1/facts").items().stream()
                .map(fact -> fact.asJsonObject().getString("content"))
                .sorted()
                .toList();
        assertEquals(List.of("Mia's swim lesson is on Saturday", "Sprint review: Monday 10am"), current);
        JsonObject friday = api.get("/api/v1/scopes/user:1/facts/01a00000-0000-7000-8000-000000000001")
                .json();
        assertEquals("01a00000-0000-7000-8000-000000000002", friday.getString("superseded_by"), "link by link");

        // the export carries that state; imported elsewhere, nothing is decided again, and a reinstatement holds
        Api elsewhere = admin(Tokens.newTenant("arrivals-copy"));
        ok(api.patch("/api/v1/scopes/user:1/facts/01a00000-0000-7000-8000-000000000001", "{\"superseded_by\":null}"));
        importFile(elsewhere, export(api, ""), false);
        assertTrue(elsewhere
                .get("/api/v1/scopes/user:1/facts/01a00000-0000-7000-8000-000000000001")
                .json()
                .isNull("superseded_by"));
        assertEquals(
                "01a00000-0000-7000-8000-000000000003",
                elsewhere
                        .get("/api/v1/scopes/user:1/facts/01a00000-0000-7000-8000-000000000002")
                        .json()
                        .getString("superseded_by"));
    }

    private static String arrival(String id, String content, String day) {
        return Json.createObjectBuilder()
                .add("kind", "fact")
                .add("id", id)
                .add("scope", "user:1")
                .add("content", content)
                .add("created_at", day + "T09:00:00Z")
                .add("updated_at", day + "T09:00:00Z")
                .build()
                .toString();
    }

    @Test
    void aFileWithOneBadLineImportsNothingAndNamesTheLine() {
        Api source = admin(Tokens.newTenant("badsrc"));
        fill(source);
        List<String> lines = export(source, "").lines().toList();
        Api target = admin(Tokens.newTenant("badline"));
        for (String bad : List.of(
                "{\"kind\":\"fact\",\"content\":\"no id, scope or times\"}",
                "not json",
                "[1,2]",
                "{\"kind\":\"memory\"}",
                "{\"kind\":\"log\",\"scope\":\"user:1\",\"timestamp\":\"yesterday\",\"category\":\"x\",\"content\":\"y\"}",
                "{\"kind\":\"snapshot\",\"scope\":\"bad scope\",\"name\":\"n\",\"created_at\":\"2026-01-01T00:00:00Z\",\"facts\":[]}",
                lines.get(0).replace("\"content\":\"", "\"content\":\"\\u0000"),
                lines.get(0).replace("\"access_count\":", "\"access_count\":-1"),
                lines.get(0).replace("\"kind\":\"fact\",", "\"kind\":\"fact\",\"ttl_seconds\":5,"))) {
            String file = String.join("\n", lines.get(0), lines.get(1), bad, lines.get(2)) + "\n";
            JsonObject problem = assertProblem(target.send("POST", "/api/v1/import", file, NDJSON), 400);
            assertFieldErrors(problem, "line 3");
            assertEquals("", export(target, ""), () -> "nothing imported for " + bad);
        }
        // the same id twice, and the same key twice in a scope
        String twice = lines.get(0) + "\n" + lines.get(0) + "\n";
        assertFieldErrors(assertProblem(target.send("POST", "/api/v1/import", twice, NDJSON), 400), "line 2");
        assertEquals("", export(target, ""));
    }

    @Test
    void aKeyHeldByAnotherFactOfTheScopeIsRefused() {
        Api source = admin(Tokens.newTenant("keysrc"));
        source.put("/api/v1/scopes/user:7/facts/by-key/favourite-drink", "{\"content\":\"Tea\"}");
        Api target = admin(Tokens.newTenant("keydst"));
        target.put("/api/v1/scopes/user:7/facts/by-key/favourite-drink", "{\"content\":\"Coffee\"}");
        String before = export(target, "");
        assertFieldErrors(
                assertProblem(target.send("POST", "/api/v1/import", export(source, ""), NDJSON), 400), "line 1");
        assertEquals(before, export(target, ""));
    }

    @Test
    void aDryRunCountsWithoutWriting() {
        Api source = admin(Tokens.newTenant("drysrc"));
        fill(source);
        String exported = export(source, "");
        Api target = admin(Tokens.newTenant("dry"));
        JsonObject dry = importFile(target, exported, true);
        assertTrue(dry.getBoolean("dry_run"));
        assertEquals(
                importFile(admin(Tokens.newTenant("wet")), exported, false).getJsonObject("facts"),
                dry.getJsonObject("facts"));
        assertEquals("", export(target, ""));
        assertEquals(200, target.get("/api/v1/scopes").status());
        assertEquals(0, target.get("/api/v1/scopes").items().size(), "a dry run creates no scope");
    }

    @Test
    void scopePrefixExportsTheScopeAndTheScopesBelowIt() {
        Api api = admin(Tokens.newTenant("prefix"));
        for (String scope : List.of("user:1", "user:1:project:x", "user:10", "user_1", "agent:bot:user:1")) {
            api.post("/api/v1/scopes/" + scope + "/facts", "{\"content\":\"A fact of " + scope + "\"}");
        }
        Set<String> scopes = lines(export(api, "?scope_prefix=user:1")).stream()
                .map(line -> json(line).getString("scope"))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(Set.of("user:1", "user:1:project:x"), scopes);
        assertProblem(api.get("/api/v1/export?scope_prefix=bad%20scope"), 400);
    }

    @Test
    void aTokenReachesOnlyItsRolesAndMemoryScopes() {
        String tenant = Tokens.newTenant("reach");
        Api api = admin(tenant);
        api.post("/api/v1/scopes/user:1/facts", "{\"content\":\"Within reach\"}");
        api.post("/api/v1/scopes/user:2/facts", "{\"content\":\"Out of reach\"}");
        String everything = export(api, "");

        Api writer = new Api(Api.serverBase(), Tokens.token(tenant, List.of("memory.write")));
        assertProblem(writer.get("/api/v1/export"), 403);
        assertProblem(writer.send("POST", "/api/v1/import", everything, NDJSON), 403);

        Api limited = new Api(Api.serverBase(), Tokens.token(tenant, List.of("memory.admin"), List.of("user:1")));
        Set<String> seen = lines(export(limited, "")).stream()
                .map(line -> json(line).getString("scope"))
                .collect(Collectors.toSet());
        assertEquals(Set.of("user:1"), seen);
        assertEquals(
                Set.of("user:1"),
                lines(export(limited, "?scope_prefix=user")).stream()
                        .map(line -> json(line).getString("scope"))
                        .collect(Collectors.toSet()),
                "a prefix above the token's scopes");
        assertProblem(limited.get("/api/v1/export?scope_prefix=user:2"), 403);
        Api other = admin(Tokens.newTenant("reach-other"));
        String otherFact = export(other, "");
        assertEquals("", otherFact, "another tenant sees nothing of this one");
        api.delete("/api/v1/scopes/user:2");
        assertProblem(limited.send("POST", "/api/v1/import", everything, NDJSON), 403);
        assertEquals(0, api.get("/api/v1/scopes/user:2/facts").items().size(), "a refused import writes nothing");
    }

    @Test
    void aBodyThatIsNotJsonLinesIsRefusedAsAProblem() {
        Api api = admin(Tokens.newTenant("types"));
        assertProblem(api.send("POST", "/api/v1/import", "{}", "application/xml"), 415);
        assertProblem(api.send("POST", "/api/v1/import?dry_run=maybe", "", NDJSON), 400);
        JsonObject empty = importFile(api, "\n\n", false);
        assertEquals(0, empty.getJsonObject("facts").getInt("created"));
        assertProblem(new Api(Api.serverBase(), null).get("/api/v1/export"), 401);
    }

    /** Two scopes with a keyed, a tagged, an expiring, a persistent and a recalled fact, log entries and a snapshot. */
    private static void fill(Api api) {
        ok(
                api.put(
                        "/api/v1/scopes/user:7/facts/by-key/favourite-drink",
                        "{\"content\":\"Prefers espresso after lunch\",\"category\":\"preferences\",\"persistent\":true,\"tags\":[\"coffee\",\"food\"]}"));
        ok(api.post(
                "/api/v1/scopes/user:7/facts",
                "{\"content\":\"Has a cat named Miso\",\"type\":\"episodic\",\"importance\":0.8}"));
        ok(api.post(
                "/api/v1/scopes/user:7/facts",
                "{\"content\":\"Parks on level three\",\"ttl_seconds\":86400,\"title\":\"Parking\"}"));
        ok(api.post(
                "/api/v1/scopes/user:7:project:x/facts",
                "{\"content\":\"Project X ships on Fridays\",\"type\":\"procedural\"}"));
        ok(api.get("/api/v1/scopes/user:7/recall?q=cat"));
        ok(api.post("/api/v1/scopes/user:7/snapshots", "{\"name\":\"before-move\"}"));
    }

    private static Api.Reply ok(Api.Reply reply) {
        assertTrue(reply.status() / 100 == 2, reply::toString);
        return reply;
    }

    private static Api admin(String tenant) {
        return new Api(Api.serverBase(), Tokens.token(tenant, List.of("memory.admin")));
    }

    private static String export(Api api, String query) {
        Api.Reply reply = api.get("/api/v1/export" + query);
        assertEquals(200, reply.status(), reply::toString);
        assertTrue(reply.contentType().startsWith(NDJSON), reply::contentType);
        return reply.body();
    }

    private static JsonObject importFile(Api api, String file, boolean dryRun) {
        Api.Reply reply = api.send("POST", "/api/v1/import" + (dryRun ? "?dry_run=true" : ""), file, NDJSON);
        assertEquals(200, reply.status(), reply::toString);
        return reply.json();
    }

    private static Set<String> lines(String ndjson) {
        return Arrays.stream(ndjson.split("\n")).filter(line -> !line.isBlank()).collect(Collectors.toSet());
    }

    private static JsonObject json(String line) {
        return Json.createReader(new StringReader(line)).readObject();
    }
}
