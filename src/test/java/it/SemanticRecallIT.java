package it;

import static it.support.ProblemAssertions.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.ServerTime;
import it.support.Tokens;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Recall by meaning with the model shipped in the server: a fact that shares no word with the question is
 * recalled once it has its vector; keyword recall is unchanged; a fact deleted, expired, evicted or restored
 * away never comes back by meaning; another tenant's vectors are never searched.
 */
@ExtendWith(ArquillianExtension.class)
class SemanticRecallIT extends Deployments {

    private static final String SCOPE = "user:42";
    private static final List<String> DISTRACTORS = List.of(
            "Has two cats named Miso and Tofu",
            "Birthday is on the ninth of May",
            "Lives in Lisbon near the river",
            "Drinks green tea every morning",
            "Ran a marathon last spring");

    private final String tenant = Tokens.newTenant("semantic");
    private final Api api = new Api(Api.serverBase(), Tokens.token(tenant, Tokens.ALL_ROLES));

    @Test
    void aFactWithNoWordInCommonIsRecalledByMeaning() {
        String python = remember(SCOPE, "{\"content\":\"Prefers Python\",\"category\":\"preferences\"}");
        Api.Reply learned = api.post(
                path(SCOPE, "learn"),
                "{\"turns\":[{\"role\":\"user\",\"content\":\"By the way we deploy on Kubernetes.\"}]}");
        assertEquals(200, learned.status(), learned::toString);
        DISTRACTORS.forEach(text -> remember(SCOPE, "{\"content\":\"" + text + "\"}"));
        awaitEmbedded(SCOPE, 2 + DISTRACTORS.size());

        JsonObject language = recall(SCOPE, "which language");
        assertEquals("hybrid", language.getString("mode"));
        assertEquals(python, firstId(language), language::toString);
        JsonObject signals = language.getJsonArray("items").getJsonObject(0).getJsonObject("signals");
        assertEquals(0.0, signals.getJsonNumber("keyword").doubleValue(), "no word in common");
        assertTrue(signals.getJsonNumber("semantic").doubleValue() > 0, signals::toString);
        for (String signal : List.of("keyword", "semantic", "importance", "retention")) {
            double value = signals.getJsonNumber(signal).doubleValue();
            assertTrue(value >= 0 && value <= 1, () -> signal + " out of [0, 1]: " + signals);
        }
        JsonObject deploy = recall(SCOPE, "how should I write this deployment script");
        assertTrue(
                deploy.getJsonArray("items")
                        .getJsonObject(0)
                        .getJsonObject("fact")
                        .getString("content")
                        .toLowerCase()
                        .contains("kubernetes"),
                deploy::toString);
    }

    @Test
    void keywordModeIsBm25AloneAndSemanticModeIsMeaningAlone() {
        String python = remember(SCOPE, "{\"content\":\"Prefers Python\"}");
        DISTRACTORS.forEach(text -> remember(SCOPE, "{\"content\":\"" + text + "\"}"));
        awaitEmbedded(SCOPE, 1 + DISTRACTORS.size());

        JsonObject keyword = api.get(path(SCOPE, "recall?mode=keyword&q=" + Api.encode("which language")))
                .json();
        assertEquals("keyword", keyword.getString("mode"));
        assertEquals(0, keyword.getJsonArray("items").size(), "no word in common: nothing by keyword");
        JsonObject byWord = api.get(path(SCOPE, "recall?mode=keyword&q=python")).json();
        assertEquals(python, firstId(byWord));
        assertTrue(byWord.getJsonArray("items")
                .getJsonObject(0)
                .getJsonObject("signals")
                .isNull("semantic"));

        JsonObject semantic = api.get(path(SCOPE, "recall?mode=semantic&q=" + Api.encode("which language")))
                .json();
        assertEquals("semantic", semantic.getString("mode"));
        assertEquals(python, firstId(semantic));
        assertProblem(api.get(path(SCOPE, "recall?mode=fuzzy&q=python")), 400);
        assertEquals(
                0,
                api.get(path(SCOPE, "search?q=" + Api.encode("which language")))
                        .items()
                        .size(),
                "/search stays pure BM25");
    }

    @Test
    void aDeletedExpiredOrRestoredAwayFactNeverComesBackByMeaning() throws InterruptedException {
        DISTRACTORS.forEach(text -> remember(SCOPE, "{\"content\":\"" + text + "\"}"));
        String python = remember(SCOPE, "{\"content\":\"Prefers Python\"}");
        remember(SCOPE, "{\"content\":\"Writes code in Rust at work\",\"ttl_seconds\":3}");
        awaitEmbedded(SCOPE, 2 + DISTRACTORS.size());
        assertEquals(
                201,
                api.post(path(SCOPE, "snapshots"), "{\"name\":\"before-go\"}").status());
        String go = remember(SCOPE, "{\"content\":\"Likes programming in Go\"}");
        awaitEmbedded(SCOPE, 3 + DISTRACTORS.size());
        assertTrue(recalledIds(SCOPE, "favourite programming language").contains(go));

        assertEquals(204, api.delete(path(SCOPE, "facts/" + python)).status());
        ServerTime.advance(api, 4); // the Rust fact expires; the TTL job may not have run yet
        assertEquals(
                200, api.post(path(SCOPE, "snapshots/before-go/restore"), "").status());

        JsonObject after = recall(SCOPE, "favourite programming language");
        for (JsonValue item : after.getJsonArray("items")) {
            String content = item.asJsonObject().getJsonObject("fact").getString("content");
            assertFalse(
                    content.contains("Python") || content.contains("Rust") || content.contains("Go"),
                    () -> "came back by meaning: " + content);
        }
    }

    @Test
    void anEditedFactIsEmbeddedAgainFromItsNewText() {
        DISTRACTORS.forEach(text -> remember(SCOPE, "{\"content\":\"" + text + "\"}"));
        String id = remember(SCOPE, "{\"content\":\"Allergic to peanuts\"}");
        awaitEmbedded(SCOPE, 1 + DISTRACTORS.size());
        assertEquals(
                200,
                api.patch(path(SCOPE, "facts/" + id), "{\"content\":\"Prefers Python\"}")
                        .status());
        awaitEmbedded(SCOPE, 1 + DISTRACTORS.size());

        assertEquals(id, firstId(recall(SCOPE, "which language")));
    }

    @Test
    void anotherTenantsVectorsAreNeverSearched() {
        remember(SCOPE, "{\"content\":\"Prefers Python\"}");
        awaitEmbedded(SCOPE, 1);
        Api other = new Api(Api.serverBase(), Tokens.token(Tokens.newTenant("semantic-other"), Tokens.ALL_ROLES));
        assertEquals(
                201,
                other.post(path(SCOPE, "facts"), "{\"content\":\"Has a garden\"}")
                        .status());

        JsonObject theirs = other.get(path(SCOPE, "recall?q=" + Api.encode("which language")))
                .json();
        for (JsonValue item : theirs.getJsonArray("items")) {
            assertFalse(
                    item.asJsonObject()
                            .getJsonObject("fact")
                            .getString("content")
                            .contains("Python"),
                    theirs::toString);
        }
    }

    @Test
    void aTenantWithSemanticRecallOffIsNotEmbeddedAndRecallsByKeyword() {
        assertEquals(
                200,
                api.put("api/v1/tenant/settings", "{\"semantic_recall\":false}").status());
        assertFalse(api.get("api/v1/tenant/settings").json().getBoolean("semantic_recall"));
        remember(SCOPE, "{\"content\":\"Prefers Python\"}");

        JsonObject stats = api.get(path(SCOPE, "stats")).json();
        assertEquals(0, stats.getInt("embedding_backlog"), "nothing is queued");
        assertEquals(0, stats.getInt("embedded_facts"));
        JsonObject recall = recall(SCOPE, "python");
        assertEquals("keyword", recall.getString("mode"), "the answer says what was used");

        assertEquals(
                200,
                api.put("api/v1/tenant/settings", "{\"semantic_recall\":true}").status());
        awaitEmbedded(SCOPE, 1); // turned on: the tenant's facts are embedded after all
        assertEquals("hybrid", recall(SCOPE, "which language").getString("mode"));
    }

    @Test
    void aTextWithNothingToEmbedHoldsUpNoOtherFact() {
        // control characters alone: the model's tokenizer trims them away and refuses the text, not its batch
        Api.Reply written = api.post(
                path(SCOPE, "facts:batch"),
                "{\"facts\":[{\"content\":\"\\u0001\\u0002\\u0003\"},{\"content\":\"Prefers Python\"}]}");
        assertEquals(200, written.status(), written::toString);
        assertEquals(2, written.json().getInt("created"), written::toString);
        awaitEmbedded(SCOPE, 1);
        assertEquals(1, api.get(path(SCOPE, "stats")).json().getInt("embedded_facts"));
        assertEquals(
                "Prefers Python",
                recall(SCOPE, "which language")
                        .getJsonArray("items")
                        .getJsonObject(0)
                        .getJsonObject("fact")
                        .getString("content"));
    }

    @Test
    void healthNamesTheProviderModelAndBacklog() {
        JsonObject embeddings = api.as(null).get("health").json().getJsonArray("checks").stream()
                .map(JsonValue::asJsonObject)
                .filter(check -> check.getString("name").equals("embeddings"))
                .findFirst()
                .orElseThrow();
        JsonObject data = embeddings.getJsonObject("data");
        assertEquals("local", data.getString("provider"));
        assertEquals("all-minilm-l6-v2-q", data.getString("model"));
        assertTrue(data.containsKey("backlog"), data::toString);
    }

    @Test
    void whatAFactIsAboutIsMatchedByWordsAndByMeaning() {
        String scope = "user:keys";
        String editor = saveUnderKey(scope, "editor", "Neovim, light theme");
        String contact = saveUnderKey(scope, "emergency contact", "Luis, +351 912 345 678");
        remember(scope, "{\"content\":\"Prefers Python for scripts\"}");
        remember(scope, "{\"content\":\"Allergic to penicillin\"}");
        assertEquals(editor, firstId(recall(scope, "editor")), "the key's word");
        assertTrue(
                api.get(path(scope, "context?q=editor"))
                        .body()
                        .contains("[Relevant Memory]\n- (general) Neovim, light theme"),
                "the prompt's relevant memory holds the keyed fact");
        awaitEmbedded(scope, 4);
        JsonObject emergency = recall(scope, "who do we call in an emergency");
        assertEquals(contact, firstId(emergency), emergency::toString);
        JsonObject ide = api.get(path(scope, "recall?mode=semantic&q=" + Api.encode("which code editor do they use")))
                .json();
        assertEquals(editor, firstId(ide), "by meaning, through the key: " + ide);
    }

    private String saveUnderKey(String scope, String key, String content) {
        Api.Reply reply =
                api.put(path(scope, "facts/by-key?key=" + Api.encode(key)), "{\"content\":\"" + content + "\"}");
        assertEquals(201, reply.status(), reply::toString);
        return reply.json().getString("id");
    }

    // --- helpers -------------------------------------------------------------------------------------

    /** Waits until the scope's backlog is empty and {@code facts} of its facts have a vector. */
    private void awaitEmbedded(String scope, int facts) {
        it.support.Await.embedded(api, scope, facts, java.time.Duration.ofSeconds(120));
    }

    private JsonObject recall(String scope, String query) {
        Api.Reply reply = api.get(path(scope, "recall?q=" + Api.encode(query)));
        assertEquals(200, reply.status(), reply::toString);
        return reply.json();
    }

    private List<String> recalledIds(String scope, String query) {
        return recall(scope, query).getJsonArray("items").stream()
                .map(item -> item.asJsonObject().getJsonObject("fact").getString("id"))
                .toList();
    }

    private static String firstId(JsonObject recall) {
        assertFalse(recall.getJsonArray("items").isEmpty(), recall::toString);
        return recall.getJsonArray("items")
                .getJsonObject(0)
                .getJsonObject("fact")
                .getString("id");
    }

    private String remember(String scope, String json) {
        return api.rememberOrReinforce(scope, json).getString("id");
    }

    private static String path(String scope, String rest) {
        return "api/v1/scopes/" + scope + "/" + rest;
    }
}
