package it.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.ConsoleClient;
import it.support.Deployments;
import it.support.Tokens;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * How long the console's search everywhere takes on a large tenant: opt-in, as it seeds many facts
 * ({@code -Dit.console.scale=<facts>} or {@code IT_CONSOLE_SCALE}, spread over scopes of 1,000). It prints the times; it asserts only that
 * the answers are right and bounded, never a time.
 */
@ExtendWith(ArquillianExtension.class)
class ConsoleSearchScaleIT extends Deployments {

    private static final String[] WORDS = ("coffee tea python java lisbon berlin meeting invoice refund travel "
                    + "flight hotel allergy peanut birthday manager deadline release budget garden piano guitar "
                    + "football marathon vegan dentist insurance mortgage laptop printer password holiday")
            .split(" ");

    @Test
    void searchEverywhereOnALargeTenant() {
        String asked = System.getProperty("it.console.scale", System.getenv("IT_CONSOLE_SCALE"));
        int facts = asked == null ? 0 : Integer.parseInt(asked);
        Assumptions.assumeTrue(facts > 0, "opt-in: -Dit.console.scale=<facts>");
        String tenant = Tokens.newTenant("scale");
        Api api = new Api(Api.serverBase(), Tokens.token(tenant, Tokens.ALL_ROLES));
        assertEquals(
                200,
                api.put("api/v1/tenant/settings", "{\"semantic_recall\":false,\"supersede\":\"explicit\"}")
                        .status());
        Random random = new Random(35);
        int scopes = Math.max(1, facts / 1000);
        long seeding = System.nanoTime();
        for (int s = 0; s < scopes; s++) {
            StringBuilder batch = new StringBuilder("{\"facts\":[");
            for (int i = 0; i < 1000; i++) {
                if (i > 0) {
                    batch.append(',');
                }
                batch.append("{\"content\":\"fact ").append(s * 1000 + i);
                for (int w = 0; w < 8; w++) {
                    batch.append(' ').append(WORDS[random.nextInt(WORDS.length)]);
                }
                batch.append("\",\"dedupe\":false}");
            }
            Api.Reply reply = api.post(
                    "api/v1/scopes/user:" + s + "/facts:batch",
                    batch.append("]}").toString());
            assertEquals(200, reply.status(), reply.toString());
        }
        System.out.printf(
                "console search scale: seeded %d facts in %d scopes in %d s%n",
                scopes * 1000, scopes, (System.nanoTime() - seeding) / 1_000_000_000L);
        String needle = api.post(
                        "api/v1/scopes/user:0/facts", "{\"content\":\"Time zone: Europe/Lisbon\",\"key\":\"timezone\"}")
                .json()
                .getString("id");

        ConsoleClient admin = ConsoleClient.admin();
        for (String query : List.of("python refund", "timezone", needle)) {
            List<Long> millis = new ArrayList<>();
            String body = "";
            for (int run = 0; run < 5; run++) {
                long start = System.nanoTime();
                HttpResponse<String> response =
                        admin.get("/console/search?q=" + Api.encode(query) + "&tenant=" + tenant);
                millis.add((System.nanoTime() - start) / 1_000_000L);
                assertEquals(200, response.statusCode());
                body = response.body();
            }
            Collections.sort(millis);
            System.out.printf(
                    "console search scale: q=%s over %d facts: median %d ms, max %d ms%n",
                    query.length() > 20 ? "<id>" : query, scopes * 1000 + 1, millis.get(2), millis.get(4));
            assertTrue(body.contains("search-coverage"), "the page says what it covered");
        }
    }
}
