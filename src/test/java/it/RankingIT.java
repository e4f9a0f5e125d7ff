package it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * BM25 ranking where a term is in more than a thousand facts, so the index reads only the head of its
 * postings and completes the scores of the facts on top: the answers must still be BM25's.
 */
@ExtendWith(ArquillianExtension.class)
class RankingIT extends Deployments {

    private static final String TENANT = Tokens.newTenant("rank");
    private static final String SCOPE = "api/v1/scopes/user:ranking/";
    private static final int FILLER = 1200;

    private final Api api = new Api(Api.serverBase(), Tokens.token(TENANT, Tokens.ALL_ROLES));

    @BeforeAll
    static void fillTheScope() {
        Api api = new Api(Api.serverBase(), Tokens.token(TENANT, Tokens.ALL_ROLES));
        StringBuilder strong = new StringBuilder("{\"facts\":[");
        for (int i = 0; i < 5; i++) {
            strong.append(i == 0 ? "" : ",")
                    .append("{\"content\":\"harbor harbor harbor note")
                    .append(i)
                    .append("\",\"dedupe\":false}");
        }
        assertEquals(
                200,
                api.post(SCOPE + "facts:batch", strong.append("]}").toString()).status());
        for (int from = 0; from < FILLER; from += 400) {
            StringBuilder batch = new StringBuilder("{\"facts\":[");
            for (int i = from; i < from + 400; i++) {
                batch.append(i == from ? "" : ",")
                        .append("{\"content\":\"the harbor log entry number w")
                        .append(i)
                        .append(" mentions vessel")
                        .append(i)
                        .append(" and cargo")
                        .append(i)
                        .append(i == 777 ? " and the albatross" : "")
                        .append("\",\"dedupe\":false}");
            }
            assertEquals(
                    200,
                    api.post(SCOPE + "facts:batch", batch.append("]}").toString())
                            .status());
        }
    }

    @Test
    void aVeryCommonTermRanksHighFrequencyShortFactsFirst() {
        Set<String> top = search("harbor", 5).stream().collect(Collectors.toSet());
        assertEquals(
                Set.of(
                        "harbor harbor harbor note0",
                        "harbor harbor harbor note1",
                        "harbor harbor harbor note2",
                        "harbor harbor harbor note3",
                        "harbor harbor harbor note4"),
                top);
    }

    @Test
    void aRareTermLiftsItsFactAboveTheCommonOnes() {
        List<String> results = search("harbor albatross", 3);
        assertEquals(
                "the harbor log entry number w777 mentions vessel777 and cargo777 and the albatross", results.get(0));
    }

    @Test
    void recallOverACommonTermStillFindsTheRareFact() {
        // by keyword: the threshold algorithm over the rank index is what this checks
        String first = api.get(SCOPE + "recall?mode=keyword&q=albatross%20harbor&limit=1")
                .items()
                .getJsonObject(0)
                .getJsonObject("fact")
                .getString("content");
        assertEquals("the harbor log entry number w777 mentions vessel777 and cargo777 and the albatross", first);
    }

    private List<String> search(String query, int topK) {
        Api.Reply reply = api.get(SCOPE + "search?top_k=" + topK + "&q=" + Api.encode(query));
        assertEquals(200, reply.status(), reply.toString());
        return reply.items().stream()
                .map(JsonValue::asJsonObject)
                .map(f -> f.getString("content"))
                .toList();
    }
}
