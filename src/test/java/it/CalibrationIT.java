package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.util.List;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Scores on one scale: the same fact and question score alike in a profile of three facts and in a scope of a
 * thousand, in every mode, and a question nothing answers scores near 0 whatever the facts' importance, so
 * {@code min_score} returns nothing for it.
 */
@ExtendWith(ArquillianExtension.class)
class CalibrationIT extends Deployments {

    private static final String ANSWER = "User prefers Neovim as the code editor";
    private static final List<String> PROFILE =
            List.of(ANSWER, "User lives in Porto with two cats", "User's manager is Dana Whitfield");

    private final Api api = new Api(Api.serverBase(), Tokens.token(Tokens.newTenant("calibration"), Tokens.ALL_ROLES));

    @Test
    void theSameAnswerScoresAlikeInAScopeOfThreeAndOfAThousand() {
        write("user:small", PROFILE, 0);
        write("user:large", PROFILE, 997);
        awaitEmbedded("user:small", 3);
        awaitEmbedded("user:large", 1000);
        for (String mode : List.of("hybrid", "keyword", "semantic")) {
            JsonObject small = top("user:small", "which code editor does the user prefer", mode);
            JsonObject large = top("user:large", "which code editor does the user prefer", mode);
            assertEquals(ANSWER, small.getJsonObject("fact").getString("content"), mode);
            assertEquals(ANSWER, large.getJsonObject("fact").getString("content"), mode);
            double a = small.getJsonNumber("score").doubleValue();
            double b = large.getJsonNumber("score").doubleValue();
            assertTrue(Math.abs(a - b) <= 0.1, mode + ": " + a + " in 3 facts, " + b + " in 1,000");
            assertTrue(a >= 0.3, mode + " answers well: " + a);
        }
    }

    @Test
    void aQuestionNothingAnswersScoresNearZeroAndMinScoreReturnsNothing() {
        write("user:vip", List.of("Keeps the spare office key in the blue drawer", "Birthday is on 3 March"), 0);
        api.post(
                "api/v1/scopes/user:vip/facts",
                "{\"content\":\"Allergic to penicillin\",\"importance\":1.0,\"persistent\":true}");
        awaitEmbedded("user:vip", 3);
        List<JsonObject> items = api.get(
                        "api/v1/scopes/user:vip/recall?q=" + Api.encode("what is the capital of Mongolia"))
                .items()
                .getValuesAs(JsonObject.class);
        items.forEach(item -> assertTrue(item.getJsonNumber("score").doubleValue() < 0.1, item::toString));
        assertEquals(
                0,
                api.get("api/v1/scopes/user:vip/recall?min_score=0.3&q="
                                + Api.encode("what is the capital of Mongolia"))
                        .items()
                        .size());
    }

    /** The facts, then {@code filler} unrelated facts, in batches. */
    private void write(String scope, List<String> facts, int filler) {
        JsonArrayBuilder batch = Json.createArrayBuilder();
        for (String content : facts) {
            batch.add(Json.createObjectBuilder().add("content", content));
        }
        for (int i = 0; i < filler; i++) {
            batch.add(Json.createObjectBuilder()
                    .add(
                            "content",
                            "Ticket " + (4000 + i) + " about the " + TOPICS.get(i % TOPICS.size())
                                    + " was closed after " + (i % 9 + 1) + " replies")
                    .add("dedupe", false));
            if (i % 500 == 499) {
                post(scope, batch);
                batch = Json.createArrayBuilder();
            }
        }
        post(scope, batch);
    }

    private static final List<String> TOPICS = List.of(
            "invoice layout",
            "login page",
            "mobile sync",
            "export to CSV",
            "dark mode",
            "webhook retries",
            "password reset",
            "calendar invites",
            "report filters",
            "team permissions",
            "billing address");

    private void post(String scope, JsonArrayBuilder facts) {
        Api.Reply reply = api.post(
                "api/v1/scopes/" + scope + "/facts:batch",
                Json.createObjectBuilder().add("facts", facts).build().toString());
        assertEquals(200, reply.status(), reply::toString);
    }

    private JsonObject top(String scope, String question, String mode) {
        return api.get("api/v1/scopes/" + scope + "/recall?limit=3&mode=" + mode + "&q=" + Api.encode(question))
                .items()
                .getJsonObject(0);
    }

    private void awaitEmbedded(String scope, int facts) {
        it.support.Await.embedded(api, scope, facts, java.time.Duration.ofSeconds(180));
    }
}
