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
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.List;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Memory that stays true: every change of what a fact says is a version its history keeps, a newer fact
 * supersedes an older one (which stays readable by id, in history and with include_superseded), reads of the
 * present show current facts only, and the prompt never shows a superseded, deleted or replaced text, nor the
 * same fact twice a day.
 */
@ExtendWith(ArquillianExtension.class)
class VersionsIT extends Deployments {

    private static final String S = "api/v1/scopes/user:42";

    private final Api api = new Api(Api.serverBase(), Tokens.token(Tokens.newTenant("versions"), Tokens.ALL_ROLES));

    @Test
    void aNewFactIsItsFirstVersionValidFromItsWrite() {
        JsonObject fact = remember("{\"content\":\"Prefers Python\"}");
        assertEquals(1, fact.getInt("version"));
        assertEquals(fact.getString("created_at"), fact.getString("valid_from"));
        assertEquals(JsonValue.NULL, fact.get("valid_to"));
        assertEquals(JsonValue.NULL, fact.get("superseded_by"));
        assertEquals(List.of(), fact.getJsonArray("superseded"));

        JsonObject dated = remember("{\"content\":\"Started at Acme\",\"valid_from\":\"2024-05-01T00:00:00Z\"}");
        assertEquals("2024-05-01T00:00:00.000Z", dated.getString("valid_from"));
    }

    @Test
    void aValidFromNoDatabaseCanStoreIsRefusedAndWritesNothing() {
        for (String time : List.of("+99999-01-01T00:00:00Z", "0000-12-31T00:00:00Z", "-0001-01-01T00:00:00Z")) {
            assertFieldErrors(
                    assertProblem(
                            api.post(S + "/facts", "{\"content\":\"Dated\",\"valid_from\":\"" + time + "\"}"), 400),
                    "valid_from");
        }
        assertEquals(0, api.get("api/v1/scopes").items().size(), "nothing was written");
        String id = remember("{\"content\":\"Dated later\"}").getString("id");
        assertFieldErrors(
                assertProblem(api.patch(S + "/facts/" + id, "{\"valid_from\":\"+300000-01-01T00:00:00Z\"}"), 400),
                "valid_from");
        assertEquals(1, api.get(S + "/facts/" + id).json().getInt("version"));
    }

    @Test
    void everyChangeOfWhatAFactSaysIsAVersionItsHistoryKeeps() {
        String id = remember("{\"content\":\"Time zone is Europe/Lisbon\",\"category\":\"profile\"}")
                .getString("id");
        JsonObject edited = api.patch(S + "/facts/" + id, "{\"content\":\"Time zone is Europe/Berlin\"}")
                .json();
        assertEquals(2, edited.getInt("version"));
        api.patch(S + "/facts/" + id, "{\"importance\":0.9}");
        assertEquals(3, api.get(S + "/facts/" + id).json().getInt("version"), "importance is part of a version");
        recall("berlin"); // recording an access is no change
        assertEquals(3, api.get(S + "/facts/" + id).json().getInt("version"));

        List<JsonObject> history = history(id);
        assertEquals(3, history.size());
        assertEquals(
                List.of(1, 2, 3), history.stream().map(v -> v.getInt("version")).toList());
        assertEquals(
                List.of("created", "edited", "edited"),
                history.stream().map(v -> v.getString("change")).toList());
        assertEquals("Time zone is Europe/Lisbon", history.get(0).getString("content"));
        assertEquals("Time zone is Europe/Berlin", history.get(1).getString("content"));
        assertEquals(
                history.get(1).getString("valid_from"),
                history.get(0).getString("valid_to"),
                "a version starts where the one before ended");
        assertEquals(JsonValue.NULL, history.get(2).get("valid_to"));
    }

    @Test
    void aReplaceByKeyIsAReplacedVersionAndTheSameValueAgainIsNone() {
        api.put(S + "/facts/by-key/plan", "{\"content\":\"Plan is Free\"}");
        api.put(S + "/facts/by-key/plan", "{\"content\":\"Plan is Pro\"}");
        JsonObject same = api.put(S + "/facts/by-key/plan", "{\"content\":\"Plan is Pro\"}")
                .json();
        assertEquals(2, same.getInt("version"));
        List<JsonObject> history = history(same.getString("id"));
        assertEquals(
                List.of("created", "replaced"),
                history.stream().map(v -> v.getString("change")).toList());
    }

    @Test
    void anExplicitSupersessionEndsTheOlderFactWhichStaysReadable() {
        String lisbon =
                remember("{\"content\":\"User lives in Lisbon, Portugal\"}").getString("id");
        JsonObject berlin = remember("{\"content\":\"User moved to Berlin last month\",\"supersedes\":[\"" + lisbon
                + "\"],\"dedupe\":false}");
        assertEquals(
                List.of(lisbon),
                berlin.getJsonArray("superseded").getValuesAs(jakarta.json.JsonString.class).stream()
                        .map(jakarta.json.JsonString::getString)
                        .toList());

        JsonObject old = api.get(S + "/facts/" + lisbon).json();
        assertEquals(berlin.getString("id"), old.getString("superseded_by"));
        assertEquals(berlin.getString("valid_from"), old.getString("valid_to"));
        assertEquals("superseded", history(lisbon).get(0).getString("change"));

        assertFalse(ids(api.get(S + "/facts").items()).contains(lisbon), "lists show current facts");
        assertTrue(ids(api.get(S + "/facts?include_superseded=true").items()).contains(lisbon));
        assertFalse(ids(recall("where does the user live")).contains(lisbon), "recall shows current facts");
        assertTrue(ids(api.get(S + "/recall?q=lisbon&include_superseded=true").items().stream()
                        .map(item -> item.asJsonObject().get("fact"))
                        .toList())
                .contains(lisbon));
        assertFalse(ids(api.get(S + "/search?q=lisbon").items()).contains(lisbon));
        assertTrue(ids(api.get(S + "/search?q=lisbon&include_superseded=true").items())
                .contains(lisbon));
        String context = api.get(S + "/context?q=" + Api.encode("where does the user live"))
                .body();
        assertFalse(context.contains("Lisbon"), context);
        assertTrue(context.contains("Berlin"), context);

        JsonObject current =
                api.patch(S + "/facts/" + lisbon, "{\"superseded_by\":null}").json();
        assertEquals(JsonValue.NULL, current.get("superseded_by"), "a wrong supersession is undone");
        assertEquals(JsonValue.NULL, current.get("valid_to"));
        assertTrue(ids(api.get(S + "/facts").items()).contains(lisbon));
    }

    @Test
    void aNewValueSupersedesTheOldOneByItselfAndTwoTrueFactsBothStay() {
        String lisbon =
                remember("{\"content\":\"User lives in Lisbon, Portugal\"}").getString("id");
        String portuguese = remember("{\"content\":\"User speaks Portuguese\"}").getString("id");
        JsonObject berlin = remember("{\"content\":\"User moved to Berlin last month\"}");
        assertEquals(lisbon, berlin.getJsonArray("superseded").getString(0), berlin.toString());
        JsonObject english = remember("{\"content\":\"User also speaks English\"}");
        assertEquals(List.of(), english.getJsonArray("superseded"), "two languages are both true");

        List<String> current = ids(api.get(S + "/facts").items());
        assertFalse(current.contains(lisbon));
        assertTrue(current.contains(portuguese) && current.contains(berlin.getString("id")));
        assertFalse(ids(recall("where does the user live")).contains(lisbon), "recall never offers the old value");
        String context = api.get(S + "/context?q=" + Api.encode("where does the user live"))
                .body();
        assertTrue(context.contains("Berlin") && !context.contains("Lisbon"), context);

        JsonObject back = remember("{\"content\":\"User moved back to Lisbon, Portugal\"}");
        assertFalse(back.getBoolean("reinforced"), "not a reinforcement of the superseded fact: " + back);
        assertTrue(
                back.getJsonArray("superseded").toString().contains(berlin.getString("id")),
                "a move back makes the newest value current: " + back);

        api.put("api/v1/tenant/settings", "{\"supersede\":\"explicit\"}");
        JsonObject rome = remember("{\"content\":\"User moved to Rome\"}");
        assertEquals(List.of(), rome.getJsonArray("superseded"), "explicit: only the ids a write names");
    }

    @Test
    void supersedingAnUnknownOrForeignFactWritesNothing() {
        String other = new Api(Api.serverBase(), Tokens.token(Tokens.newTenant("versions"), Tokens.ALL_ROLES))
                .post(S + "/facts", "{\"content\":\"Someone else's fact\"}")
                .json()
                .getString("id");
        for (String id : List.of(other, "01a00000-0000-7000-8000-000000000000")) {
            assertFieldErrors(
                    assertProblem(
                            api.post(S + "/facts", "{\"content\":\"New value\",\"supersedes\":[\"" + id + "\"]}"), 400),
                    "supersedes");
        }
        assertEquals(0, api.get("api/v1/scopes").items().size(), "nothing was written");
        assertProblem(api.patch(S + "/facts/x", "{\"superseded_by\":\"someone\"}"), 400);
    }

    @Test
    void theSupersedeSettingIsAutoByDefaultAndCanBeExplicit() {
        assertEquals("auto", api.get("api/v1/tenant/settings").json().getString("supersede"));
        assertEquals(
                "explicit",
                api.put("api/v1/tenant/settings", "{\"supersede\":\"explicit\"}")
                        .json()
                        .getString("supersede"));
        assertFieldErrors(
                assertProblem(api.put("api/v1/tenant/settings", "{\"supersede\":\"sometimes\"}"), 400), "supersede");
    }

    @Test
    void aRestoreForgetsWhatItRemovesAndVersionsWhatItChanges() {
        String kept = remember("{\"content\":\"Works at Acme\"}").getString("id");
        assertEquals(201, api.post(S + "/snapshots", "{\"name\":\"before\"}").status());
        String moved = remember("{\"content\":\"Moved to Berlin in January\"}").getString("id");
        api.patch(S + "/facts/" + kept, "{\"content\":\"Works at Initech\"}");

        assertEquals(200, api.post(S + "/snapshots/before/restore", "").status());

        assertEquals(404, api.get(S + "/facts/" + moved).status());
        String context = api.get(S + "/context").body();
        assertFalse(context.contains("Berlin"), "the removed fact's log entry left the prompt: " + context);
        assertFalse(api.get(S + "/logs").body().contains("Berlin"), "and the log");
        JsonObject restored = api.get(S + "/facts/" + kept).json();
        assertEquals("Works at Acme", restored.getString("content"));
        assertEquals(
                List.of("created", "edited", "restored"),
                history(kept).stream().map(v -> v.getString("change")).toList());
        assertFalse(context.contains("Initech"), "a replaced version is not recent memory: " + context);
    }

    @Test
    void recentMemoryShowsAFactOnceADayAndNeverWhatWasDeletedOrReplaced() {
        for (int i = 0; i < 3; i++) {
            api.post(S + "/facts", "{\"content\":\"Prefers dark mode in every editor\"}"); // reinforced twice
        }
        String edited = remember("{\"content\":\"Favourite colour is green\"}").getString("id");
        api.patch(S + "/facts/" + edited, "{\"content\":\"Favourite colour is blue\"}");
        String deleted = remember("{\"content\":\"Has a cat named Tom\"}").getString("id");
        assertEquals(204, api.delete(S + "/facts/" + deleted).status());

        String recent = api.get(S + "/context").body();
        assertEquals(1, recent.split("Prefers dark mode", -1).length - 1, recent);
        assertFalse(recent.contains("green"), recent);
        assertFalse(recent.contains("Tom"), recent);
        assertTrue(recent.contains("[Recent Memory]"), recent);
    }

    @Test
    void forgettingAFactRemovesItsHistory() {
        String id = remember("{\"content\":\"Budget is 5k\"}").getString("id");
        api.patch(S + "/facts/" + id, "{\"content\":\"Budget is 8k\"}");
        assertEquals(204, api.delete(S + "/facts/" + id).status());
        assertEquals(404, api.get(S + "/facts/" + id + "/history").status());
    }

    @Test
    void asOfReadsMemoryAsItWasThen() throws InterruptedException {
        JsonObject zone =
                remember("{\"content\":\"Time zone is Europe/Lisbon\",\"persistent\":true,\"category\":\"profile\"}");
        String id = zone.getString("id");
        String deleted = remember("{\"content\":\"Has a dog named Rex\"}").getString("id");
        ServerTime.advance(api, 2); // the past read below falls between the writes and the changes
        String then = Api.encode(
                Instant.parse(zone.getString("created_at")).plusSeconds(1).toString());
        api.patch(S + "/facts/" + id, "{\"content\":\"Time zone is Europe/Berlin\"}");
        remember("{\"content\":\"Learning Lisbon's history\"}");
        assertEquals(204, api.delete(S + "/facts/" + deleted).status());

        List<JsonObject> past = api.get(S + "/facts?as_of=" + then).items().getValuesAs(JsonObject.class);
        assertEquals(List.of(id), ids(past), "what was written by then, minus what was deleted since");
        assertEquals("Time zone is Europe/Lisbon", past.get(0).getString("content"));
        assertEquals(1, past.get(0).getInt("version"));

        assertEquals(
                List.of(id), ids(api.get(S + "/search?q=lisbon&as_of=" + then).items()));
        assertEquals(1, api.get(S + "/search?q=lisbon").items().size(), "today only the new fact says Lisbon");
        assertEquals(
                List.of(id),
                ids(api.get(S + "/recall?q=lisbon&as_of=" + then).items().stream()
                        .map(item -> item.asJsonObject().get("fact"))
                        .toList()));
        String pastContext = api.get(S + "/context?as_of=" + then).body();
        assertTrue(pastContext.contains("Time zone is Europe/Lisbon"), pastContext);
        assertFalse(pastContext.contains("Berlin"), pastContext);
        assertTrue(api.get(S + "/context").body().contains("Time zone is Europe/Berlin"));
        assertFieldErrors(assertProblem(api.get(S + "/facts?as_of=yesterday"), 400), "as_of");
    }

    @Test
    void exportAndImportKeepVersionsAndSupersession() {
        String id = remember("{\"content\":\"Editor is Vim\",\"category\":\"tools\"}")
                .getString("id");
        api.patch(S + "/facts/" + id, "{\"content\":\"Editor is Neovim\"}");
        String newer = remember("{\"content\":\"Editor is Zed now\",\"supersedes\":[\"" + id + "\"]}")
                .getString("id");
        String exported = api.get("api/v1/export").body();
        assertTrue(exported.contains("\"kind\":\"version\""), exported);

        Api elsewhere = new Api(Api.serverBase(), Tokens.token(Tokens.newTenant("versions"), Tokens.ALL_ROLES));
        Api.Reply imported = elsewhere.send("POST", "api/v1/import", exported, "application/x-ndjson");
        assertEquals(200, imported.status(), imported::toString);
        assertEquals(
                java.util.Set.copyOf(exported.lines().toList()),
                java.util.Set.copyOf(
                        elsewhere.get("api/v1/export").body().lines().toList()),
                "export, import, export gives the same lines");
        assertEquals(
                history(id),
                elsewhere.get(S + "/facts/" + id + "/history").items().getValuesAs(JsonObject.class));
        assertEquals(newer, elsewhere.get(S + "/facts/" + id).json().getString("superseded_by"));
        assertEquals(
                200,
                elsewhere
                        .send("POST", "api/v1/import", exported, "application/x-ndjson")
                        .status());
        assertEquals(2, elsewhere.get(S + "/facts/" + id + "/history").items().size(), "an import twice adds nothing");
    }

    @Test
    void anUpdateThatChangesAWordOrTwoIsStoredNeverAbsorbedAsARepeat() {
        JsonObject older = remember("{\"content\":\"The monthly cloud budget for team Atlas is 10,000 dollars\"}");
        Api.Reply update =
                api.post(S + "/facts", "{\"content\":\"The monthly cloud budget for team Atlas is 6,000 dollars\"}");
        assertEquals(201, update.status(), "a new value is a new fact, not a reinforcement: " + update);
        Api.Reply other =
                api.post(S + "/facts", "{\"content\":\"The monthly cloud budget for team Borealis is 6,000 dollars\"}");
        assertEquals(201, other.status(), "another team's budget is a fact of its own: " + other);
        List<String> stored = api.get(S + "/facts?include_superseded=true").items().stream()
                .map(fact -> fact.asJsonObject().getString("content"))
                .toList();
        assertTrue(stored.contains("The monthly cloud budget for team Atlas is 6,000 dollars"), stored::toString);
        assertTrue(stored.contains("The monthly cloud budget for team Borealis is 6,000 dollars"), stored::toString);
        assertEquals(
                200,
                api.post(S + "/facts", "{\"content\":\"the monthly cloud budget for team Atlas is 6,000 dollars\"}")
                        .status(),
                "a repeat is still a reinforcement");
        assertEquals(
                0.5,
                api.get(S + "/facts/" + older.getString("id"))
                        .json()
                        .getJsonNumber("importance")
                        .doubleValue(),
                1e-9,
                "the older fact was not reinforced by the update");
    }

    @Test
    void capacityEvictsSupersededFactsBeforeAnyCurrentOne() {
        assertEquals(
                200,
                api.put("api/v1/tenant/settings", "{\"max_facts_per_scope\":3}").status());
        String lisbon = remember("{\"content\":\"User lives in Lisbon, Portugal\",\"importance\":1.0}")
                .getString("id");
        JsonObject berlin = remember("{\"content\":\"User moved to Berlin last month\",\"importance\":0.1}");
        assertEquals(
                List.of(lisbon),
                berlin.getJsonArray("superseded").getValuesAs(JsonValue.class).stream()
                        .map(id -> ((jakarta.json.JsonString) id).getString())
                        .toList());
        remember("{\"content\":\"Keeps bonsai trees on the balcony\",\"importance\":0.2}");
        remember("{\"content\":\"Plays the cello on Sundays\",\"importance\":0.2}");
        assertProblem(api.get(S + "/facts/" + lisbon), 404);
        assertEquals(3, api.get(S + "/facts?include_superseded=true").items().size());
        assertEquals(200, api.get(S + "/facts/" + berlin.getString("id")).status(), "the current value stays");
    }

    private JsonObject remember(String body) {
        Api.Reply reply = api.post(S + "/facts", body);
        assertTrue(reply.status() == 201 || reply.status() == 200, reply::toString);
        return reply.json();
    }

    private List<JsonValue> recall(String query) {
        return api.get(S + "/recall?q=" + Api.encode(query)).items().stream()
                .map(item -> item.asJsonObject().get("fact"))
                .toList();
    }

    private List<JsonObject> history(String id) {
        Api.Reply reply = api.get(S + "/facts/" + id + "/history");
        assertEquals(200, reply.status(), reply::toString);
        return reply.items().getValuesAs(JsonObject.class);
    }

    private static List<String> ids(List<? extends JsonValue> facts) {
        return facts.stream().map(fact -> fact.asJsonObject().getString("id")).toList();
    }
}
