package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.ServerTime;
import it.support.Tokens;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Finding what matters: pure BM25 search, keyword recall that weighs importance and retention and reinforces
 * what it returns, and the prompt-ready context block with its long-term, relevant and recent sections.
 */
@ExtendWith(ArquillianExtension.class)
class RecallIT extends Deployments {

    private static final String TENANT = Tokens.newTenant("recall");
    private static final DateTimeFormatter MINUTE =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm").withZone(ZoneOffset.UTC);
    private static final List<String> TEN_FACTS = List.of(
            "Prefers dark mode in every editor",
            "Works at Acme Corp as a backend developer",
            "Deploys the billing service with Helm charts on Kubernetes",
            "Drinks coffee without sugar",
            "Lives in Lisbon near the river",
            "Uses Python for data analysis scripts",
            "Has a cat named Miso",
            "Reviews pull requests every morning",
            "Prefers short answers with code examples",
            "Plays chess on weekends");

    private final Api api = new Api(Api.serverBase(), Tokens.token(TENANT, Tokens.ALL_ROLES));
    private final String scope = "user:" + UUID.randomUUID().toString().substring(0, 8);

    /** Keyword recall, as before embeddings: this tenant has semantic_recall off (SemanticRecallIT has meaning). */
    @BeforeEach
    void recallByKeyword() {
        assertEquals(
                200,
                api.put("api/v1/tenant/settings", "{\"semantic_recall\":false}").status());
    }

    // ---- search -------------------------------------------------------------------------------------

    @Test
    void searchPutsTheFactNamingRareWordsFirst() {
        Map<String, String> ids = rememberTenFacts();
        List<String> found = ids(items(ok(api.get(path("search?q=" + Api.encode("prefers helm kubernetes"))))));
        assertEquals(3, found.size(), "only facts sharing a query term: " + found);
        assertEquals(ids.get("Deploys the billing service with Helm charts on Kubernetes"), found.get(0));
        assertEquals(
                Set.of(
                        ids.get("Prefers dark mode in every editor"),
                        ids.get("Prefers short answers with code examples")),
                Set.copyOf(found.subList(1, 3)));
    }

    @Test
    void searchAndRecallAnswerEveryFieldAsTheFactItselfReadsThem() {
        String id = remember(Map.of(
                        "content",
                        "Keeps the quasar telescope logbook",
                        "title",
                        "Telescope",
                        "key",
                        "obs.logbook",
                        "category",
                        "hobbies",
                        "type",
                        "procedural",
                        "importance",
                        0.8,
                        "persistent",
                        true,
                        "tags",
                        List.of("astro", "night"),
                        "ttl_seconds",
                        86400))
                .getString("id");
        JsonObject stored = withoutUse(fact(id));
        assertEquals(
                stored, withoutUse(items(ok(api.get(path("search?q=quasar")))).get(0)));
        JsonObject recalled = recallItems("quasar", "").get(0).getJsonObject("fact");
        assertEquals(stored, withoutUse(recalled));
        assertEquals(1, recalled.getInt("access_count"), "recall reinforces what it returns");
    }

    @Test
    void searchStemsQueryAndContent() {
        Map<String, String> ids = rememberTenFacts();
        assertEquals(
                List.of(ids.get("Deploys the billing service with Helm charts on Kubernetes")), search("deploying"));
    }

    @Test
    void searchWithStopWordsOnlyFindsNothing() {
        rememberTenFacts();
        assertEquals(List.of(), search("the and of with"));
    }

    @Test
    void searchReturnsAtMostTopK() {
        rememberTenFacts();
        assertEquals(1, items(ok(api.get(path("search?top_k=1&q=prefers")))).size());
    }

    @Test
    void searchRejectsTopKBelowOneAndAMissingQuery() {
        assertProblem(400, api.get(path("search?q=coffee&top_k=0")));
        assertProblem(400, api.get(path("search?top_k=5")));
        assertProblem(400, api.get(path("search?q=")));
    }

    @Test
    void searchDoesNotReinforce() {
        String id = remember(Map.of("content", "Drinks coffee without sugar")).getString("id");
        assertEquals(List.of(id), search("coffee"));
        JsonObject fact = fact(id);
        assertEquals(0, fact.getInt("access_count"));
        assertTrue(fact.isNull("last_accessed_at"), fact.toString());
    }

    @Test
    void searchFollowsEditsAndDeletes() {
        String id = remember(Map.of("content", "Favourite editor is Emacs")).getString("id");
        ok(api.patch(path("facts/" + id), json(Map.of("content", "Favourite editor is Vim"))));
        assertEquals(List.of(id), search("vim"));
        assertEquals(List.of(), search("emacs"));

        assertEquals(204, api.delete(path("facts/" + id)).status());
        assertEquals(List.of(), search("vim"));
    }

    @Test
    void expiredFactsAreNeverSearchedRecalledOrInLongTermMemory() {
        String kept = remember(Map.of("content", "Permanent door code is kept in the vault"))
                .getString("id");
        remember(Map.of("content", "Temporary door code 4821", "ttl_seconds", 1, "persistent", true));
        ServerTime.advance(api, 2);
        assertEquals(List.of(kept), search("door code"));
        assertEquals(List.of(kept), ids(recallItems("door code", "")));
        assertFalse(context("").contains("[Long-term Memory]"), "the only persistent fact expired");
    }

    // ---- recall -------------------------------------------------------------------------------------

    @Test
    void recallReturnsScoredFactsBestFirstAndReinforcesThem() {
        Map<String, String> ids = rememberTenFacts();
        String untouched = ids.get("Drinks coffee without sugar");
        List<JsonObject> items = recallItems("prefers helm kubernetes", "&limit=5");

        assertEquals(3, items.size());
        assertEquals(
                ids.get("Deploys the billing service with Helm charts on Kubernetes"),
                ids(items).get(0));
        List<Double> scores = items.stream()
                .map(item -> item.getJsonNumber("score").doubleValue())
                .toList();
        for (int i = 1; i < scores.size(); i++) {
            assertTrue(scores.get(i - 1) >= scores.get(i), "best first: " + scores);
        }
        for (String id : ids(items)) {
            JsonObject fact = fact(id);
            assertEquals(1, fact.getInt("access_count"), fact.toString());
            assertFalse(fact.isNull("last_accessed_at"), fact.toString());
        }
        assertEquals(0, fact(untouched).getInt("access_count"), "a fact recall did not return is not reinforced");
    }

    @Test
    void everyAnswerShowsEachEarlierReinforcementExactlyOnce() {
        String id = remember(Map.of("content", "The office plants are watered on Mondays"))
                .getString("id");
        // uses are written from memory every second: whether a write falls between two recalls or not,
        // each answer counts every earlier recall once
        for (int expected = 1; expected <= 4; expected++) {
            JsonObject fact = recallItems("office plants", "&limit=1").get(0).getJsonObject("fact");
            assertEquals(id, fact.getString("id"));
            assertEquals(expected, fact.getInt("access_count"), fact.toString());
        }
        JsonObject searched = ok(api.get(path("search?q=office+plants")))
                .getJsonArray("items")
                .getJsonObject(0);
        assertEquals(4, searched.getInt("access_count"), "search shows the uses and adds none: " + searched);
        assertEquals(4, fact(id).getInt("access_count"));
    }

    @Test
    void concurrentRecallsOfOneFactAllCount() throws Exception {
        String id = remember(Map.of("content", "The staging database password rotates on Fridays"))
                .getString("id");
        int clients = 8;
        int recallsEach = 5;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(clients);
        try {
            List<java.util.concurrent.Future<List<String>>> calls = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                calls.add(pool.submit(() -> {
                    List<String> returned = new ArrayList<>();
                    for (int i = 0; i < recallsEach; i++) {
                        returned.addAll(ids(recallItems("staging password", "&limit=1")));
                    }
                    return returned;
                }));
            }
            for (java.util.concurrent.Future<List<String>> call : calls) {
                assertEquals(java.util.Collections.nCopies(recallsEach, id), call.get());
            }
        } finally {
            pool.shutdown();
        }
        assertEquals(
                clients * recallsEach, fact(id).getInt("access_count"), "no reinforcement is lost to a concurrent one");
    }

    @Test
    void recallContextIsOneTypedLinePerItem() {
        rememberTenFacts();
        remember(Map.of("content", "Prefers to be called Sam", "type", "procedural"));
        JsonObject reply = ok(api.get(path("recall?q=prefers")));
        assertEquals("prefers", reply.getString("query"));
        List<String> expected = items(reply).stream()
                .map(item -> item.getJsonObject("fact"))
                .map(fact -> "[" + fact.getString("type") + "] " + fact.getString("content"))
                .toList();
        assertEquals(3, expected.size());
        assertTrue(expected.contains("[procedural] Prefers to be called Sam"), expected.toString());
        assertEquals(String.join("\n", expected), reply.getString("context"));
    }

    @Test
    void recallFiltersByTypeCategoryAndTag() {
        String atlas = remember(Map.of(
                        "content",
                        "Project Atlas ships in May",
                        "type",
                        "episodic",
                        "category",
                        "work",
                        "tags",
                        List.of("atlas")))
                .getString("id");
        String borealis = remember(Map.of(
                        "content",
                        "Project Borealis is written in Rust",
                        "category",
                        "tech",
                        "tags",
                        List.of("borealis")))
                .getString("id");
        String cygnus = remember(Map.of(
                        "content",
                        "Project Cygnus releases follow a checklist",
                        "type",
                        "procedural",
                        "category",
                        "work",
                        "tags",
                        List.of("cygnus")))
                .getString("id");

        assertEquals(Set.of(atlas, borealis, cygnus), Set.copyOf(ids(recallItems("project", ""))));
        assertEquals(List.of(atlas), ids(recallItems("project", "&type=episodic")));
        assertEquals(Set.of(atlas, cygnus), Set.copyOf(ids(recallItems("project", "&category=work"))));
        assertEquals(List.of(borealis), ids(recallItems("project", "&tag=borealis")));
    }

    @Test
    void recallRejectsLimitsOutsideOneToAHundredAndUnknownTypes() {
        assertProblem(400, api.get(path("recall?q=coffee&limit=0")));
        assertProblem(400, api.get(path("recall?q=coffee&limit=101")));
        assertProblem(400, api.get(path("recall?limit=5")));
        assertProblem(400, api.get(path("recall?q=coffee&type=opinion")));
    }

    @Test
    void importanceBreaksTiesBetweenEquallyRelevantFacts() {
        // two facts that are both true (a favourite colour twice would be a newer value superseding the older)
        String minor = remember(Map.of("content", "Owns a scarf in ochre", "importance", 0.1, "dedupe", false))
                .getString("id");
        String major = remember(Map.of("content", "Owns a scarf in teal", "importance", 0.9, "dedupe", false))
                .getString("id");
        List<JsonObject> items = recallItems("scarf", "");
        assertEquals(List.of(major, minor), ids(items));
        assertTrue(
                items.get(0).getJsonNumber("score").doubleValue()
                        > items.get(1).getJsonNumber("score").doubleValue(),
                items.toString());
    }

    // ---- context ------------------------------------------------------------------------------------

    @Test
    void contextHasLongTermByCategoryThenRecentOldestFirst() {
        rememberProfile();
        assertEquals(longTermOfProfile() + "\n\n" + recentSection(), context(""));
    }

    @Test
    void contextWithQueryAddsRelevantMemoryBetweenTheSections() {
        rememberProfile();
        String relevant = "[Relevant Memory]\n- (context) Working on Project Atlas this week";
        assertEquals(longTermOfProfile() + "\n\n" + relevant + "\n\n" + recentSection(), context("?q=atlas"));
    }

    @Test
    void contextOfAnEmptyScopeIsAnEmptyBody() {
        assertEquals("", context(""));
    }

    @Test
    void contextWithoutPersistentFactsHasNoLongTermSection() {
        remember(Map.of("content", "Working on Project Atlas this week", "category", "context"));
        assertEquals(recentSection(), context(""));
    }

    @Test
    void maxTokensDropsWholeLines() {
        rememberProfile();
        String full = context("");
        String trimmed = context("?max_tokens=40");
        assertFalse(trimmed.isEmpty(), "something fits in 40 tokens");
        assertTrue(trimmed.length() < full.length(), trimmed);
        List<String> fullLines = Arrays.asList(full.split("\n"));
        for (String line : trimmed.split("\n")) {
            assertTrue(fullLines.contains(line), "not a whole line of the full block: '" + line + "'");
        }
    }

    @Test
    void maxContextEntriesLimitsRecentMemory() {
        Api caller = tenantWithSettings("{\"max_context_entries\":2}");
        for (String content : List.of(
                "Booked a flight to Oslo", "Renewed the passport", "Packed winter boots", "Bought a new scarf")) {
            assertEquals(
                    201,
                    caller.post(path("facts"), json(Map.of("content", content))).status());
        }
        List<String> lines = recentLines(caller);
        assertEquals(4, lines.size());
        assertEquals(
                "[Recent Memory]\n" + String.join("\n", lines.subList(2, 4)),
                caller.get(path("context")).body());
    }

    @Test
    void maxContextEntriesZeroLeavesRecentMemoryOut() {
        Api caller = tenantWithSettings("{\"max_context_entries\":0}");
        assertEquals(
                201,
                caller.post(
                                path("facts"),
                                json(Map.of(
                                        "content",
                                        "Preferred language: Python",
                                        "category",
                                        "preferences",
                                        "persistent",
                                        true)))
                        .status());
        assertEquals(
                "[Long-term Memory]\n## preferences\n- Preferred language: Python",
                caller.get(path("context")).body());
    }

    // ---- fixtures and helpers -----------------------------------------------------------------------

    /** A caller of a new tenant whose settings were just changed. */
    private Api tenantWithSettings(String settings) {
        Api caller = api.as(Tokens.token(Tokens.newTenant("recall-settings"), Tokens.ALL_ROLES));
        ok(caller.put("api/v1/tenant/settings", settings));
        return caller;
    }

    private Map<String, String> rememberTenFacts() {
        Map<String, String> ids = new LinkedHashMap<>();
        TEN_FACTS.forEach(
                content -> ids.put(content, remember(Map.of("content", content)).getString("id")));
        return ids;
    }

    /** Three persistent facts in two categories, then one that is only recent. */
    private void rememberProfile() {
        remember(Map.of("content", "Preferred language: Python", "category", "preferences", "persistent", true));
        remember(Map.of("content", "Works at Acme Corp", "category", "work", "persistent", true));
        remember(Map.of("content", "Prefers dark mode", "category", "preferences", "persistent", true));
        remember(Map.of("content", "Working on Project Atlas this week", "category", "context"));
    }

    private static String longTermOfProfile() {
        return """
                [Long-term Memory]
                ## preferences
                - Preferred language: Python
                - Prefers dark mode

                ## work
                - Works at Acme Corp""";
    }

    /** The recent section as the scope's own log timestamps say it must read. */
    private String recentSection() {
        return "[Recent Memory]\n" + String.join("\n", recentLines(api));
    }

    /** "- [minute] (category) content" for every log entry of the scope, oldest first. */
    private List<String> recentLines(Api caller) {
        List<String> lines = new ArrayList<>();
        for (JsonObject entry : items(ok(caller.get(path("logs"))))) {
            String minute = MINUTE.format(Instant.parse(entry.getString("timestamp")));
            lines.add(0, "- [" + minute + "] (" + entry.getString("category") + ") " + entry.getString("content"));
        }
        return lines;
    }

    private String context(String query) {
        Api.Reply reply = api.get(path("context" + query));
        assertEquals(200, reply.status(), reply.toString());
        assertTrue(reply.contentType().startsWith("text/plain"), reply.contentType());
        return reply.body();
    }

    private List<String> search(String q) {
        return ids(items(ok(api.get(path("search?q=" + Api.encode(q))))));
    }

    private List<JsonObject> recallItems(String q, String more) {
        return items(ok(api.get(path("recall?q=" + Api.encode(q) + more))));
    }

    private JsonObject remember(Map<String, ?> fact) {
        Api.Reply reply = api.post(path("facts"), json(fact));
        assertEquals(201, reply.status(), reply.toString());
        return reply.json();
    }

    private JsonObject fact(String id) {
        return ok(api.get(path("facts/" + id)));
    }

    /** A fact without what reading it may change: its use and the retention computed at the moment of reading. */
    private static JsonObject withoutUse(JsonObject fact) {
        return Json.createObjectBuilder(fact)
                .remove("access_count")
                .remove("last_accessed_at")
                .remove("retention")
                .build();
    }

    private String path(String rest) {
        return "api/v1/scopes/" + scope + "/" + rest;
    }

    private static JsonObject ok(Api.Reply reply) {
        assertEquals(200, reply.status(), reply.toString());
        return reply.json();
    }

    private static List<JsonObject> items(JsonObject reply) {
        return reply.getJsonArray("items").stream().map(JsonValue::asJsonObject).toList();
    }

    /** Fact ids of search results (facts) or recall results ({fact, score}). */
    private static List<String> ids(List<? extends JsonValue> items) {
        return items.stream()
                .map(JsonValue::asJsonObject)
                .map(item -> item.containsKey("fact") ? item.getJsonObject("fact") : item)
                .map(fact -> fact.getString("id"))
                .toList();
    }

    private static String json(Map<String, ?> fields) {
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) fields;
        return Json.createObjectBuilder(map).build().toString();
    }

    private static void assertProblem(int status, Api.Reply reply) {
        assertEquals(status, reply.status(), reply.toString());
        assertNotNull(reply.contentType());
        assertTrue(reply.contentType().startsWith("application/problem+json"), reply.contentType());
        assertEquals(status, reply.json().getInt("status"));
    }
}
