package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Automatic supersession about anything, not a list of attributes: a later value of the same statement ends the
 * older one, with or without a word of change, link by link along a chain and back again; look-alikes (another
 * subject, another relation, an added value) stay current; every automatic decision carries its evidence in the
 * older fact's history and is undone by making the fact current again. Single writes, batches and tool calls
 * decide alike.
 */
@ExtendWith(ArquillianExtension.class)
class SupersessionIT extends Deployments {

    private static final String S = "api/v1/scopes/user:7";

    private final Api api = new Api(Api.serverBase(), Tokens.token(Tokens.newTenant("supersession"), Tokens.ALL_ROLES));

    @Test
    void aLaterValueWithNoChangeWordSupersedesAndSaysWhy() {
        String atlas = remember("The monthly cloud budget for team Atlas is 10,000 dollars")
                .getString("id");
        JsonObject update = remember("The monthly cloud budget for team Atlas is 6,000 dollars");
        assertEquals(List.of(atlas), ids(update.getJsonArray("superseded")), update::toString);

        JsonObject older = api.get(S + "/facts/" + atlas).json();
        assertEquals(update.getString("id"), older.getString("superseded_by"));
        assertFalse(older.isNull("valid_to"));
        assertFalse(current().contains("The monthly cloud budget for team Atlas is 10,000 dollars"));

        List<JsonValue> history = api.get(S + "/facts/" + atlas + "/history").items();
        JsonObject last = history.get(history.size() - 1).asJsonObject();
        assertEquals("superseded", last.getString("change"));
        JsonObject evidence = last.getJsonObject("evidence");
        assertEquals("frame", evidence.getString("method"), evidence::toString);
        assertTrue(evidence.getString("matched").contains("budget"), evidence::toString);
        assertTrue(evidence.getJsonNumber("confidence").doubleValue() >= 0.85, evidence::toString);
    }

    @Test
    void lookAlikesAboutAnotherSubjectOrAddingAValueStayCurrent() {
        remember("The monthly cloud budget for team Atlas is 10,000 dollars");
        List<JsonObject> lookAlikes = List.of(
                remember("The monthly cloud budget for team Borealis is 10,000 dollars"),
                remember("Mia's piano teacher is Mrs. Klein"),
                remember("Leo's piano teacher is Mr. Ade"),
                remember("I speak French"),
                remember("I speak Spanish now"),
                remember("We use Jira for tickets"),
                remember("We also use Linear for the design team"),
                remember("Therapy is on Wednesdays at 6pm"),
                remember("Booked an extra therapy session on Friday this week"));
        lookAlikes.forEach(
                answer -> assertEquals(0, answer.getJsonArray("superseded").size(), answer::toString));
        assertEquals(10, current().size(), current()::toString);
    }

    @Test
    void aChainSupersedesLinkByLinkAndAMoveBackMakesTheNewestCurrent() {
        String friday = remember("Sprint review: Friday 3pm").getString("id");
        JsonObject thursday = remember("Sprint review: Thursday 4pm");
        assertEquals(List.of(friday), ids(thursday.getJsonArray("superseded")));
        JsonObject back = remember("Sprint review: Friday 3pm");
        assertEquals(List.of(thursday.getString("id")), ids(back.getJsonArray("superseded")), back::toString);
        assertEquals(List.of("Sprint review: Friday 3pm"), current());
        assertEquals(
                thursday.getString("id"),
                api.get(S + "/facts/" + friday).json().getString("superseded_by"),
                "the first value stays ended by the one that replaced it");
    }

    @Test
    void undoMakesTheFactCurrentAgainAndDropsTheEvidence() {
        String older =
                remember("The staging database password rotates every 90 days").getString("id");
        JsonObject newer = remember("The staging database password rotates every 30 days now");
        assertEquals(List.of(older), ids(newer.getJsonArray("superseded")));

        Api.Reply undo = api.patch(S + "/facts/" + older, "{\"superseded_by\":null}");
        assertEquals(200, undo.status(), undo::toString);
        assertTrue(undo.json().isNull("superseded_by"));
        assertEquals(2, current().size());
        List<JsonValue> history = api.get(S + "/facts/" + older + "/history").items();
        assertFalse(history.get(history.size() - 1).asJsonObject().containsKey("evidence"));
    }

    @Test
    void aBatchAndAToolCallDecideAsASingleWriteDoes() {
        Api.Reply batch = api.post(
                S + "/facts:batch",
                "{\"facts\":[{\"content\":\"Auth service port: 8080\"},{\"content\":\"Auth service port: 9090\"}]}");
        assertEquals(200, batch.status(), batch::toString);
        assertEquals(List.of("Auth service port: 9090"), current());

        Api.Reply call = api.post(
                S + "/tool-calls", "{\"name\":\"remember\",\"arguments\":{\"content\":\"Auth service port: 7070\"}}");
        assertEquals(200, call.status(), call::toString);
        assertEquals(List.of("Auth service port: 7070"), current());
    }

    private JsonObject remember(String content) {
        Api.Reply reply = api.post(S + "/facts", Json.of("content", content));
        assertEquals(201, reply.status(), reply::toString);
        return reply.json();
    }

    private List<String> current() {
        return api.get(S + "/facts?limit=100").items().stream()
                .map(fact -> fact.asJsonObject().getString("content"))
                .toList();
    }

    private static List<String> ids(jakarta.json.JsonArray array) {
        return array.getValuesAs(jakarta.json.JsonString.class).stream()
                .map(jakarta.json.JsonString::getString)
                .toList();
    }

    /** A one-field JSON object, its value escaped. */
    private static final class Json {
        static String of(String field, String value) {
            return jakarta.json.Json.createObjectBuilder()
                    .add(field, value)
                    .build()
                    .toString();
        }
    }
}
