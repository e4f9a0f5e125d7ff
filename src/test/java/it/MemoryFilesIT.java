package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The two-tier memory of a scope as files: MEMORY.md for persistent facts, daily logs of every remember;
 * and what runs over them: clearing, stats, decay and the tenant settings that steer it all.
 */
@ExtendWith(ArquillianExtension.class)
class MemoryFilesIT extends Deployments {

    private static final String TENANT = Tokens.newTenant("files");
    private static final String MARKDOWN = "text/markdown";
    private static final String SETTINGS = "api/v1/tenant/settings";
    private static final String PROFILE_MD = """
            # Agent Memory

            ## preferences
            - Preferred language: Python
            - Prefers dark mode

            ## work
            - Works at Acme Corp
            """;
    /** What {@link #rememberDay()} remembers, in that order. */
    private static final List<String> CONTENTS =
            List.of("Walks the dog at seven", "Keeps a paper journal", "Meditates before lunch");

    private final Api api = new Api(Api.serverBase(), Tokens.token(TENANT, Tokens.ALL_ROLES));
    private final String scope = newScope();

    // ---- MEMORY.md ----------------------------------------------------------------------------------

    @Test
    void memoryMdListsPersistentFactsByCategoryInCreationOrder() {
        rememberProfile(api, scope);
        Api.Reply reply = api.get(path(scope, "memory.md"));
        assertEquals(200, reply.status(), reply.toString());
        assertTrue(reply.contentType().startsWith(MARKDOWN), reply.contentType());
        assertEquals(PROFILE_MD, reply.body());
    }

    @Test
    void memoryMdOfAnEmptyScopeIsTheTitleOnly() {
        assertEquals("# Agent Memory\n", memoryMd(scope));
    }

    @Test
    void importAddsEachFactOnceAsPersistent() {
        rememberProfile(api, scope);
        String other = newScope();

        JsonObject first = importMd(other, memoryMd(scope));
        assertEquals(3, first.getInt("imported"));
        assertEquals(0, first.getInt("skipped"));
        assertEquals(List.of(), first.getJsonArray("unread"));
        assertEquals(Set.copyOf(filed(scope, "?persistent=true")), Set.copyOf(filed(other, "")));
        assertEquals(3, filed(other, "?persistent=true").size(), "imported facts are persistent");

        JsonObject again = importMd(other, memoryMd(scope));
        assertEquals(0, again.getInt("imported"));
        assertEquals(3, again.getInt("skipped"));
        assertEquals(3, filed(other, "").size());
    }

    @Test
    void exportImportExportGivesTheSameFile() {
        rememberProfile(api, scope);
        String other = newScope();
        importMd(other, memoryMd(scope));
        assertEquals(PROFILE_MD, memoryMd(other));
    }

    @Test
    void importReportsLinesItCannotRead() {
        JsonObject result = importMd(scope, """
                # Agent Memory

                ## tools
                - Uses ripgrep for searching
                this line is neither a heading nor a fact
                - Prefers tmux over screen
                """);
        assertEquals(2, result.getInt("imported"));
        assertEquals(0, result.getInt("skipped"));
        List<JsonObject> unread = result.getJsonArray("unread").stream()
                .map(JsonValue::asJsonObject)
                .toList();
        assertEquals(1, unread.size(), unread.toString());
        assertEquals("this line is neither a heading nor a fact", unread.get(0).getString("text"));
        assertEquals(
                Set.of("tools: Uses ripgrep for searching", "tools: Prefers tmux over screen"),
                Set.copyOf(filed(scope, "")));
    }

    @Test
    void aFactTwiceInOneFileIsImportedOnce() {
        JsonObject result = importMd(scope, "## tools\n- Uses ripgrep for searching\n- Uses ripgrep for searching\n");
        assertEquals(1, result.getInt("imported"));
        assertEquals(1, result.getInt("skipped"));
        assertEquals(List.of("tools: Uses ripgrep for searching"), filed(scope, ""));
    }

    @Test
    void importNeedsMarkdown() {
        Api.Reply reply = api.send("PUT", path(scope, "memory.md"), "{\"content\":\"x\"}", "application/json");
        assertProblem(415, reply);
        assertEquals("# Agent Memory\n", memoryMd(scope));
    }

    @Test
    void aFileOfMoreThanTenThousandFactsIs413AndImportsNothing() {
        rememberProfile(api, scope);
        StringBuilder file = new StringBuilder("# Agent Memory\n\n## bulk\n");
        for (int i = 0; i <= 10_000; i++) {
            file.append("- Bulk fact number ").append(i).append('\n');
        }
        Api.Reply reply = api.send("PUT", path(scope, "memory.md"), file.toString(), MARKDOWN);
        assertProblem(413, reply);
        assertTrue(reply.json().getString("detail").contains("10001 facts"), reply.toString());
        assertEquals(PROFILE_MD, memoryMd(scope));
    }

    // ---- daily logs ---------------------------------------------------------------------------------

    @Test
    void everyRememberIsLoggedNewestFirstWithItsFact() {
        List<String> ids = rememberDay();
        List<JsonObject> logs = logs(scope);
        assertEquals(
                List.of(CONTENTS.get(0), CONTENTS.get(2), CONTENTS.get(1), CONTENTS.get(0)),
                logs.stream().map(entry -> entry.getString("content")).toList());
        assertEquals(
                List.of(ids.get(0), ids.get(2), ids.get(1), ids.get(0)),
                logs.stream().map(entry -> entry.getString("fact_id")).toList());
        assertEquals(
                List.of(false, false, true, false),
                logs.stream().map(entry -> entry.getBoolean("persistent")).toList());
    }

    @Test
    void logsLimitKeepsTheNewestEntries() {
        rememberDay();
        assertEquals(logs(scope).subList(0, 2), items(ok(api.get(path(scope, "logs?limit=2")))));
    }

    @Test
    void oneDayIsNdjsonOldestFirst() {
        rememberDay();
        Api.Reply reply = api.get(path(scope, "logs/" + today(scope)));
        assertEquals(200, reply.status(), reply.toString());
        assertTrue(reply.contentType().startsWith("application/x-ndjson"), reply.contentType());
        List<JsonObject> lines = reply.body().lines().map(MemoryFilesIT::parse).toList();
        assertEquals(
                List.of(CONTENTS.get(0), CONTENTS.get(1), CONTENTS.get(2), CONTENTS.get(0)),
                lines.stream().map(line -> line.getString("content")).toList());
        assertEquals(
                List.of(false, true, false, false),
                lines.stream().map(line -> line.getBoolean("persistent")).toList());
        for (JsonObject line : lines) {
            assertEquals(Set.of("timestamp", "category", "content", "persistent"), line.keySet());
            assertEquals("habits", line.getString("category"));
        }
    }

    @Test
    void aDayThatIsNotADateIs400() {
        assertProblem(400, api.get(path(scope, "logs/2026-13-01")));
        assertProblem(400, api.get(path(scope, "logs/yesterday")));
    }

    @Test
    void pruningNeverRemovesToday() {
        rememberDay();
        List<JsonObject> before = logs(scope);
        assertEquals(0, ok(api.post(path(scope, "logs:prune?max_days=0"), null)).getInt("deleted_days"));
        assertEquals(0, ok(api.post(path(scope, "logs:prune"), null)).getInt("deleted_days"));
        assertEquals(before, logs(scope));
    }

    @Test
    void clearingTheLogsKeepsEveryFact() {
        rememberProfile(api, scope);
        List<JsonObject> facts = items(ok(api.get(path(scope, "facts"))));
        assertEquals(204, api.delete(path(scope, "logs")).status());
        assertEquals(List.of(), logs(scope));
        assertEquals(ids(facts), ids(items(ok(api.get(path(scope, "facts"))))));
        assertEquals(PROFILE_MD, memoryMd(scope));
    }

    @Test
    void clearingTheScopeNeedsAdminAndRemovesFactsLogsAndSnapshots() {
        rememberProfile(api, scope);
        assertEquals(
                201,
                api.post(path(scope, "snapshots"), "{\"name\":\"before-clear\"}")
                        .status());
        Api writer = api.as(Tokens.token(TENANT, List.of("memory.write")));
        assertProblem(403, writer.delete("api/v1/scopes/" + scope));
        assertEquals(4, stats(scope).getInt("total_facts"), "the refused clear removed nothing");

        assertEquals(204, api.delete("api/v1/scopes/" + scope).status());
        JsonObject stats = stats(scope);
        for (String count : List.of("total_facts", "persistent_facts", "log_days", "log_entries", "snapshots")) {
            assertEquals(0, stats.getInt(count), count + " in " + stats);
        }
        assertEquals(List.of(), logs(scope));
        assertEquals(List.of(), items(ok(api.get(path(scope, "snapshots")))));
        assertFalse(items(ok(api.get("api/v1/scopes"))).stream()
                .anyMatch(s -> s.getString("scope").equals(scope)));
    }

    // ---- stats and decay ----------------------------------------------------------------------------

    @Test
    void statsCountFactsLogsAndSnapshots() {
        remember(
                api,
                scope,
                Map.of(
                        "content",
                        "Prefers tea over coffee",
                        "category",
                        "preferences",
                        "importance",
                        0.2,
                        "persistent",
                        true));
        remember(api, scope, Map.of("content", "Lives in Porto", "category", "profile", "importance", 0.4));
        remember(
                api,
                scope,
                Map.of(
                        "content",
                        "Moved house last spring",
                        "category",
                        "profile",
                        "type",
                        "episodic",
                        "importance",
                        0.9));
        assertEquals(
                201, api.post(path(scope, "snapshots"), "{\"name\":\"stats\"}").status());

        JsonObject stats = stats(scope);
        assertEquals(3, stats.getInt("total_facts"));
        assertEquals(1, stats.getInt("persistent_facts"));
        assertEquals(0.5, stats.getJsonNumber("avg_importance").doubleValue(), 1e-6);
        assertEquals(2, stats.getJsonObject("by_type").getInt("semantic"));
        assertEquals(1, stats.getJsonObject("by_type").getInt("episodic"));
        assertEquals(0, stats.getJsonObject("by_type").getInt("procedural", 0));
        assertEquals(
                Json.createObjectBuilder()
                        .add("preferences", 1)
                        .add("profile", 2)
                        .build(),
                stats.getJsonObject("by_category"));
        assertEquals(1, stats.getInt("log_days"));
        assertEquals(3, stats.getInt("log_entries"));
        assertEquals(1, stats.getInt("snapshots"));
    }

    @Test
    void decayForgetsNothingByDefault() {
        String faded = remember(api, scope, Map.of("content", "Fleeting thought about lunch", "importance", 0.0));
        remember(api, scope, Map.of("content", "Team standup is at nine"));
        assertEquals(
                Json.createObjectBuilder().add("facts", 2).add("forgotten", 0).build(), decay(api, scope));
        assertEquals(200, api.get(path(scope, "facts/" + faded)).status());
    }

    @Test
    void decayForgetsFadedNonPersistentFactsBelowForgetBelow() {
        Api admin = newTenant("files-decay");
        ok(admin.put(SETTINGS, "{\"forget_below\":0.99}"));
        String faded = remember(admin, scope, Map.of("content", "Fleeting thought about lunch", "importance", 0.0));
        String kept =
                remember(admin, scope, Map.of("content", "Allergic to peanuts", "importance", 0.0, "persistent", true));
        String strong = remember(admin, scope, Map.of("content", "Team standup is at nine", "importance", 1.0));

        assertEquals(
                Json.createObjectBuilder().add("facts", 3).add("forgotten", 1).build(), decay(admin, scope));
        assertEquals(404, admin.get(path(scope, "facts/" + faded)).status());
        assertEquals(Set.of(kept, strong), Set.copyOf(ids(items(ok(admin.get(path(scope, "facts")))))));
        assertEquals(
                Json.createObjectBuilder().add("facts", 2).add("forgotten", 0).build(), decay(admin, scope));
    }

    // ---- tenant settings ----------------------------------------------------------------------------

    @Test
    void settingsStartAtTheDefaults() {
        assertSettings(ok(newTenant("files-defaults").get(SETTINGS)), 30, 50, 0.7, 10000, 0.0);
    }

    @Test
    void settingsChangeOnlyTheFieldsGivenAndOnlyWhenAllAreValid() {
        Api admin = newTenant("files-settings");
        assertSettings(ok(admin.put(SETTINGS, "{\"max_log_days\":7}")), 7, 50, 0.7, 10000, 0.0);
        for (String bad : List.of(
                "{\"dedupe_threshold\":1.5}",
                "{\"max_log_days\":0}",
                "{\"max_context_entries\":\"abc\"}",
                "{\"max_log_days\":14,\"forget_below\":-0.1}")) {
            assertProblem(400, admin.put(SETTINGS, bad));
            assertSettings(ok(admin.get(SETTINGS)), 7, 50, 0.7, 10000, 0.0);
        }
    }

    @Test
    void settingsNeedAdmin() {
        Api writer = api.as(Tokens.token(TENANT, List.of("memory.write")));
        assertProblem(403, writer.get(SETTINGS));
        assertProblem(403, writer.put(SETTINGS, "{\"max_log_days\":7}"));
        assertSettings(ok(api.get(SETTINGS)), 30, 50, 0.7, 10000, 0.0);
    }

    @Test
    void dedupeThresholdOneKeepsNearDuplicatesApart() {
        String near = "Likes green tea in the afternoon too";
        remember(api, scope, Map.of("content", "Likes green tea in the afternoon"));
        assertEquals(
                200,
                api.post(path(scope, "facts"), json(Map.of("content", near))).status(),
                "default 0.7 reinforces");

        Api strict = newTenant("files-dedupe");
        ok(strict.put(SETTINGS, "{\"dedupe_threshold\":1.0}"));
        remember(strict, scope, Map.of("content", "Likes green tea in the afternoon"));
        remember(strict, scope, Map.of("content", near));
        assertEquals(2, items(ok(strict.get(path(scope, "facts")))).size());
    }

    // ---- fixtures and helpers -----------------------------------------------------------------------

    /** Three remembers of "habits" (the second persistent), then the first one again, which reinforces it. */
    private List<String> rememberDay() {
        String first = remember(api, scope, Map.of("content", CONTENTS.get(0), "category", "habits"));
        String second =
                remember(api, scope, Map.of("content", CONTENTS.get(1), "category", "habits", "persistent", true));
        String third = remember(api, scope, Map.of("content", CONTENTS.get(2), "category", "habits"));
        Api.Reply again =
                api.post(path(scope, "facts"), json(Map.of("content", CONTENTS.get(0), "category", "habits")));
        assertEquals(200, again.status(), again.toString());
        assertTrue(again.json().getBoolean("reinforced"));
        return List.of(first, second, third);
    }

    /** Three persistent facts in two categories, then one that is not persistent. */
    private static void rememberProfile(Api caller, String scope) {
        remember(
                caller,
                scope,
                Map.of("content", "Preferred language: Python", "category", "preferences", "persistent", true));
        remember(caller, scope, Map.of("content", "Works at Acme Corp", "category", "work", "persistent", true));
        remember(caller, scope, Map.of("content", "Prefers dark mode", "category", "preferences", "persistent", true));
        remember(caller, scope, Map.of("content", "Working on Project Atlas this week", "category", "context"));
    }

    private static String remember(Api caller, String scope, Map<String, ?> fact) {
        Api.Reply reply = caller.post(path(scope, "facts"), json(fact));
        assertEquals(201, reply.status(), reply.toString());
        return reply.json().getString("id");
    }

    private String memoryMd(String scope) {
        Api.Reply reply = api.get(path(scope, "memory.md"));
        assertEquals(200, reply.status(), reply.toString());
        return reply.body();
    }

    /** "category: content" of the scope's facts, newest first. */
    private List<String> filed(String scope, String query) {
        return items(ok(api.get(path(scope, "facts" + query)))).stream()
                .map(fact -> fact.getString("category") + ": " + fact.getString("content"))
                .toList();
    }

    private JsonObject importMd(String scope, String markdown) {
        return ok(api.send("PUT", path(scope, "memory.md"), markdown, MARKDOWN));
    }

    private List<JsonObject> logs(String scope) {
        return items(ok(api.get(path(scope, "logs"))));
    }

    /** The UTC day of the scope's latest log entry (today, unless midnight just passed). */
    private String today(String scope) {
        return logs(scope).get(0).getString("timestamp").substring(0, 10);
    }

    private JsonObject stats(String scope) {
        return ok(api.get(path(scope, "stats")));
    }

    private static JsonObject decay(Api caller, String scope) {
        return ok(caller.post(path(scope, "decay"), null));
    }

    private Api newTenant(String prefix) {
        return api.as(Tokens.token(Tokens.newTenant(prefix), Tokens.ALL_ROLES));
    }

    private static String newScope() {
        return "user:" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static String path(String scope, String rest) {
        return "api/v1/scopes/" + scope + "/" + rest;
    }

    private static JsonObject ok(Api.Reply reply) {
        assertEquals(200, reply.status(), reply.toString());
        return reply.json();
    }

    private static List<JsonObject> items(JsonObject reply) {
        return reply.getJsonArray("items").stream().map(JsonValue::asJsonObject).toList();
    }

    private static List<String> ids(List<JsonObject> facts) {
        return facts.stream().map(fact -> fact.getString("id")).toList();
    }

    private static JsonObject parse(String line) {
        try (JsonReader reader = Json.createReader(new StringReader(line))) {
            return reader.readObject();
        }
    }

    private static String json(Map<String, ?> fields) {
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) fields;
        return Json.createObjectBuilder(map).build().toString();
    }

    private static void assertSettings(
            JsonObject settings,
            int maxLogDays,
            int maxContextEntries,
            double dedupeThreshold,
            int maxFactsPerScope,
            double forgetBelow) {
        assertEquals(
                Set.of(
                        "max_log_days",
                        "max_context_entries",
                        "dedupe_threshold",
                        "max_facts_per_scope",
                        "forget_below",
                        "semantic_recall",
                        "supersede"),
                settings.keySet());
        assertTrue(settings.getBoolean("semantic_recall"), "recall by meaning is on unless the tenant turns it off");
        assertEquals("auto", settings.getString("supersede"), "a remember supersedes what it replaces by default");
        assertEquals(maxLogDays, settings.getInt("max_log_days"), settings.toString());
        assertEquals(maxContextEntries, settings.getInt("max_context_entries"), settings.toString());
        assertEquals(
                dedupeThreshold, settings.getJsonNumber("dedupe_threshold").doubleValue(), 1e-9, settings.toString());
        assertEquals(maxFactsPerScope, settings.getInt("max_facts_per_scope"), settings.toString());
        assertEquals(forgetBelow, settings.getJsonNumber("forget_below").doubleValue(), 1e-9, settings.toString());
    }

    private static void assertProblem(int status, Api.Reply reply) {
        assertEquals(status, reply.status(), reply.toString());
        assertTrue(reply.contentType().startsWith("application/problem+json"), reply.contentType());
        assertEquals(status, reply.json().getInt("status"));
    }
}
