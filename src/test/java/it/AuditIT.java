package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Every deletion is on record for the tenant's admins: who, what (a digest, never the text), where, when. */
@ExtendWith(ArquillianExtension.class)
class AuditIT extends Deployments {

    private static final String SECRET = "Card PIN is 0000";

    private final String tenant = Tokens.newTenant("audit");
    private final Api admin = new Api(Api.serverBase(), Tokens.token(tenant, Tokens.ALL_ROLES));

    @Test
    void aPersonsDeletionIsRecordedWithADigestNotTheContent() throws Exception {
        String id = admin.post("api/v1/scopes/user:1/facts", "{\"content\":\"" + SECRET + "\"}")
                .json()
                .getString("id");
        assertEquals(204, admin.delete("api/v1/scopes/user:1/facts/" + id).status());

        Api.Reply reply = admin.get("api/v1/audit");
        assertEquals(200, reply.status(), reply.toString());
        assertFalse(reply.body().contains(SECRET), "the content itself is never in the audit log");
        JsonObject event = reply.items().getJsonObject(0);
        assertEquals("it-user", event.getString("actor"));
        assertEquals("delete", event.getString("action"));
        assertEquals("user:1", event.getString("scope"));
        assertEquals(id, event.getString("fact_id"));
        assertEquals(sha256(SECRET), event.getString("digest"));
        assertTrue(event.getString("at").endsWith("Z"));
    }

    @Test
    void aTokenLimitedToScopesSeesOnlyTheirDeletions() {
        for (String scope : List.of("user:42", "user:42:project:x", "user:421", "user:7")) {
            String id = admin.post("api/v1/scopes/" + scope + "/facts", "{\"content\":\"Fact in " + scope + "\"}")
                    .json()
                    .getString("id");
            assertEquals(
                    204, admin.delete("api/v1/scopes/" + scope + "/facts/" + id).status());
        }
        Api limited = admin.as(Tokens.token(tenant, Tokens.ALL_ROLES, List.of("user:42")));

        List<String> scopes = limited.get("api/v1/audit").items().stream()
                .map(v -> v.asJsonObject().getString("scope"))
                .toList();

        assertEquals(List.of("user:42:project:x", "user:42"), scopes);
        assertEquals(4, admin.get("api/v1/audit").items().size(), "the unlimited token sees all four");
    }

    @Test
    void clearingScopesAndLogsIsRecordedToo() {
        admin.post("api/v1/scopes/user:2/facts", "{\"content\":\"Lives in Porto\"}");
        assertEquals(204, admin.delete("api/v1/scopes/user:2/logs").status());
        assertEquals(204, admin.delete("api/v1/scopes/user:2").status());
        List<String> actions = admin.get("api/v1/audit").items().stream()
                .map(v -> v.asJsonObject().getString("action"))
                .toList();
        assertEquals(List.of("clear_scope", "clear_logs"), actions);
    }

    @Test
    void pagesWalkEveryEventNewestFirstOnce() {
        for (int i = 0; i < 5; i++) {
            String id = admin.post(
                            "api/v1/scopes/user:3/facts",
                            "{\"content\":\"Note number " + i + " about llamas\",\"dedupe\":false}")
                    .json()
                    .getString("id");
            admin.delete("api/v1/scopes/user:3/facts/" + id);
        }
        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            Api.Reply page = admin.get("api/v1/audit?limit=2" + (cursor == null ? "" : "&cursor=" + cursor));
            assertEquals(200, page.status(), page.toString());
            page.items().forEach(v -> seen.add(v.asJsonObject().getString("fact_id")));
            cursor = page.json().isNull("next_cursor") ? null : page.json().getString("next_cursor");
        } while (cursor != null);
        assertEquals(5, seen.size());
        assertEquals(5, seen.stream().distinct().count());
        List<String> newestFirst = admin.get("api/v1/audit?limit=5").items().stream()
                .map(v -> v.asJsonObject().getString("at"))
                .toList();
        List<String> sorted = new ArrayList<>(newestFirst);
        sorted.sort((a, b) -> b.compareTo(a));
        assertEquals(sorted, newestFirst);
    }

    @Test
    void onlyAdminsOfTheTenantSeeIt() {
        String id = admin.post("api/v1/scopes/user:4/facts", "{\"content\":\"Secret hobby: juggling\"}")
                .json()
                .getString("id");
        admin.delete("api/v1/scopes/user:4/facts/" + id);

        Api writer = admin.as(Tokens.token(tenant, List.of("memory.write")));
        assertEquals(403, writer.get("api/v1/audit").status());
        Api otherAdmin = admin.as(Tokens.token(Tokens.newTenant("audit-other"), Tokens.ALL_ROLES));
        Api.Reply other = otherAdmin.get("api/v1/audit");
        assertEquals(200, other.status());
        assertEquals(0, other.items().size());
    }

    @Test
    void badPagingIs400() {
        assertEquals(400, admin.get("api/v1/audit?limit=0").status());
        assertEquals(400, admin.get("api/v1/audit?cursor=garbage").status());
    }

    private static String sha256(String text) throws Exception {
        return HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
