package it;

import static it.support.ProblemAssertions.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Reading several scopes at once (GET /api/v1/recall?scopes= and /context?scopes=): an agent reads its user's
 * scope, its own scope for that user and global in one call, ranked on one scale, each scope checked like a path's.
 */
@ExtendWith(ArquillianExtension.class)
class ScopesRecallIT extends Deployments {

    private static final String SCOPES = "user:7,agent:bot:user:7,global";

    private final String tenant = Tokens.newTenant("scopes");
    private final Api api = new Api(Api.serverBase(), Tokens.token(tenant, Tokens.ALL_ROLES));

    @Test
    void recallRanksTheFactsOfEveryScopeTogetherAndNamesEachOnesScope() {
        remember(
                "user:7",
                "{\"content\":\"Prefers window seats on long flights\",\"persistent\":true,\"category\":\"travel\"}");
        remember("agent:bot:user:7", "{\"content\":\"Booked a flight to Lisbon for the user in May\"}");
        remember("global", "{\"content\":\"Flights are booked through the Navan travel portal\"}");
        remember("user:8", "{\"content\":\"Another user's flight to Oslo\"}");

        JsonObject answer = api.get("api/v1/recall?scopes=" + SCOPES + "&q=" + Api.encode("flight") + "&limit=10")
                .json();
        List<JsonObject> items = answer.getJsonArray("items").getValuesAs(JsonObject.class);
        Set<String> scopes = items.stream()
                .map(item -> item.getJsonObject("fact").getString("scope"))
                .collect(Collectors.toSet());
        assertEquals(Set.of("user:7", "agent:bot:user:7", "global"), scopes, answer::toString);
        for (int i = 1; i < items.size(); i++) {
            assertTrue(
                    items.get(i - 1).getJsonNumber("score").doubleValue()
                            >= items.get(i).getJsonNumber("score").doubleValue(),
                    "one scale, best first: " + answer);
        }
        assertEquals(
                2,
                api.get("api/v1/recall?scopes=" + SCOPES + "&q=flight&limit=2")
                        .items()
                        .size(),
                "the limit is over all scopes");
        assertEquals(
                0, api.get("api/v1/recall?scopes=user:404&q=flight").items().size(), "no such scope: empty");
    }

    @Test
    void minScoreDropsWhatScoresBelowIt() {
        remember("user:9", "{\"content\":\"Allergic to penicillin\"}");
        // the score read and the scores compared with it are of one mode: hybrid, once the fact has its vector
        it.support.Await.embedded(api, "user:9", 0, java.time.Duration.ofMinutes(5));
        assertEquals(
                1,
                api.get("api/v1/scopes/user:9/recall?q=penicillin&min_score=0")
                        .items()
                        .size());
        double score = api.get("api/v1/scopes/user:9/recall?q=penicillin")
                .items()
                .getJsonObject(0)
                .getJsonNumber("score")
                .doubleValue();
        assertEquals(
                1,
                api.get("api/v1/scopes/user:9/recall?q=penicillin&min_score=" + score)
                        .items()
                        .size(),
                "a threshold equal to the score the caller read keeps the fact");
        assertEquals(
                0,
                api.get("api/v1/scopes/user:9/recall?q=penicillin&min_score=" + Math.min(1, score + 0.01))
                        .items()
                        .size());
        assertEquals(
                0,
                api.get("api/v1/recall?scopes=user:9&q=penicillin&min_score=1")
                        .items()
                        .size());
        for (String bad : List.of("-0.1", "1.5", "high")) {
            assertProblem(api.get("api/v1/scopes/user:9/recall?q=penicillin&min_score=" + bad), 400);
        }
    }

    @Test
    void scopesAreCheckedLikePathsAndAgainstTheTokensMemoryScopes() {
        assertProblem(api.get("api/v1/recall?q=x"), 400);
        assertProblem(api.get("api/v1/recall?scopes=user:1,,global&q=x"), 400);
        assertProblem(api.get("api/v1/recall?scopes=user:..&q=x"), 400);
        assertProblem(api.get("api/v1/recall?scopes=a,b,c,d,e,f,g,h,i,j,k&q=x"), 400);
        assertEquals(200, api.get("api/v1/recall?scopes=a,a,a&q=x").status(), "repeats count once");
        Api limited = api.as(Tokens.token(tenant, Tokens.ALL_ROLES, List.of("user:7")));
        assertEquals(
                200,
                limited.get("api/v1/recall?scopes=user:7,user:7:project:x&q=flight")
                        .status());
        assertProblem(limited.get("api/v1/recall?scopes=user:7,global&q=flight"), 403);
        assertProblem(limited.get("api/v1/context?scopes=user:7,global"), 403);
        assertProblem(api.as(null).get("api/v1/recall?scopes=user:7&q=flight"), 401);
    }

    @Test
    void contextGroupsLongTermMemoryByScopeAndDatesRelevantLines() {
        remember("user:11", "{\"content\":\"Prefers tea\",\"persistent\":true,\"category\":\"preferences\"}");
        remember("global", "{\"content\":\"Office closes at 6pm\",\"persistent\":true,\"category\":\"office\"}");
        remember("agent:bot:user:11", "{\"content\":\"Ordered a green tea sampler for the user\"}");
        Api.Reply reply = api.get("api/v1/context?scopes=user:11,agent:bot:user:11,global&q=tea");
        assertEquals(200, reply.status(), reply::toString);
        String block = reply.body();
        assertTrue(block.startsWith("[Long-term Memory]\n# user:11\n## preferences\n- Prefers tea"), block);
        assertTrue(block.contains("# global\n## office\n- Office closes at 6pm"), block);
        assertTrue(
                block.matches(
                        "(?s).*\\[Relevant Memory]\\n- \\[\\d{4}-\\d{2}-\\d{2}] \\(general\\) Ordered a green tea.*"),
                block);
        assertTrue(block.contains("[Recent Memory]"), block);
        String one = api.get("api/v1/scopes/user:11/context?q=tea").body();
        assertTrue(
                one.startsWith("[Long-term Memory]\n## preferences\n- Prefers tea"), "one scope is as before: " + one);
    }

    private void remember(String scope, String body) {
        api.rememberOrReinforce(scope, body);
    }
}
