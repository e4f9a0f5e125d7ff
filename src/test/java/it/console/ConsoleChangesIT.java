package it.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Browser;
import it.support.ConsoleClient;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.JsonObject;
import java.util.List;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.support.ui.Select;

/** An admin repairs memory: edit and delete a fact, compare and restore a snapshot; all of it audited. */
@ExtendWith(ArquillianExtension.class)
class ConsoleChangesIT extends Deployments {

    private final String tenant = Tokens.newTenant("changes");
    private final Api api = new Api(Api.serverBase(), Tokens.token(tenant, Tokens.ALL_ROLES));
    private final String actor = "console:" + ConsoleClient.adminUser();
    private Browser browser;

    @BeforeEach
    void signIn() {
        browser = Browser.start();
        browser.signIn(ConsoleClient.adminUser(), ConsoleClient.adminPassword());
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void anAdminEditsAFact() {
        String id = remember("{\"content\":\"Prefers tea\",\"category\":\"preferences\",\"importance\":0.5}");
        browser.open(factPath(id));
        browser.type("edit-content", "Prefers green tea");
        browser.type("edit-importance", "0.8");
        browser.type("edit-tags", "drinks, morning");
        new Select(browser.byId("edit-type")).selectByValue("procedural");
        browser.click("edit-persistent");
        browser.submit("save-fact");
        assertTrue(browser.has("#fact-saved"), browser.path());
        browser.screenshot("changes-edited-fact");

        JsonObject fact = api.get("api/v1/scopes/user:7/facts/" + id).json();
        assertEquals("Prefers green tea", fact.getString("content"));
        assertEquals(0.8, fact.getJsonNumber("importance").doubleValue(), 1e-9);
        assertEquals(
                List.of("drinks", "morning"),
                fact.getJsonArray("tags").getValuesAs(jakarta.json.JsonString.class).stream()
                        .map(jakarta.json.JsonString::getString)
                        .toList());
        assertEquals("procedural", fact.getString("type"));
        assertTrue(fact.getBoolean("persistent"));

        browser.open("/console/audit?tenant=" + tenant);
        assertEquals("edit", browser.all("td.action").get(0).getText());
        assertEquals(actor, browser.all("td.actor").get(0).getText());
    }

    @Test
    void aBadEditIsAClearErrorAndChangesNothing() {
        String id = remember("{\"content\":\"Prefers coffee\"}");
        browser.open(factPath(id));
        browser.type("edit-content", "Prefers espresso");
        browser.type("edit-importance", "7");
        browser.submit("save-fact");
        assertTrue(browser.text("error-detail").contains("importance"), browser.text("error-detail"));
        browser.screenshot("changes-bad-edit");
        assertEquals(
                "Prefers coffee",
                api.get("api/v1/scopes/user:7/facts/" + id).json().getString("content"));
    }

    @Test
    void anAdminDeletesAFactAfterConfirming() {
        String id = remember("{\"content\":\"Old phone number 555-0100\"}");
        browser.open(factPath(id));
        browser.submit("delete-fact");
        assertEquals("Old phone number 555-0100", browser.text("confirm-content"), "a confirmation page comes first");
        assertEquals(200, api.get("api/v1/scopes/user:7/facts/" + id).status(), "nothing is deleted before confirming");
        browser.screenshot("changes-confirm-delete");
        browser.submit("confirm-delete");
        assertTrue(browser.has("#done"));
        assertEquals(404, api.get("api/v1/scopes/user:7/facts/" + id).status());

        JsonObject event = api.get("api/v1/audit").items().getJsonObject(0);
        assertEquals(actor, event.getString("actor"), "the API's audit names the console user");
        assertEquals("delete", event.getString("action"));
        assertEquals(id, event.getString("fact_id"));
    }

    @Test
    void snapshotDiffSideBySideAndRestore() {
        String kept = remember("{\"content\":\"Uses Kubernetes at work\"}");
        String changed = remember("{\"content\":\"Team size is five\"}");
        assertEquals(
                201,
                api.post("api/v1/scopes/user:7/snapshots", "{\"name\":\"monday\"}")
                        .status());
        api.patch("api/v1/scopes/user:7/facts/" + changed, "{\"content\":\"Team size is twelve\"}");
        String added = remember("{\"content\":\"Wrong fact learned on Tuesday\"}");

        browser.open("/console/tenants/" + tenant + "/scopes/user:7?tab=snapshots");
        browser.follow(browser.all("a.diff-link").get(0));
        assertEquals("current", browser.text("against"));
        assertTrue(
                browser.text("diff-counts").startsWith("1 added, 0 removed, 1 changed"), browser.text("diff-counts"));
        assertTrue(browser.all("#diff tr.changed td").get(1).getText().contains("Team size is five"));
        assertTrue(browser.all("#diff tr.changed td").get(2).getText().contains("Team size is twelve"));
        browser.screenshot("changes-snapshot-diff");

        browser.submit("restore-this");
        assertEquals(
                200, api.get("api/v1/scopes/user:7/facts/" + added).status(), "nothing restored before confirming");
        browser.screenshot("changes-confirm-restore");
        browser.submit("confirm-restore");
        assertTrue(browser.has("#done"));

        assertEquals(404, api.get("api/v1/scopes/user:7/facts/" + added).status());
        assertEquals(
                "Team size is five",
                api.get("api/v1/scopes/user:7/facts/" + changed).json().getString("content"));
        assertEquals(200, api.get("api/v1/scopes/user:7/facts/" + kept).status());
        List<String> actions = api.get("api/v1/audit").items().stream()
                .map(v -> v.asJsonObject().getString("action"))
                .toList();
        assertEquals(List.of("restore"), actions, "the API lists the restore's deletion only, never console edits");
    }

    @Test
    void anAdminErasesASubjectAfterSeeingWhatWouldGo() {
        remember("{\"content\":\"SSN is 123-45-6789\"}");
        remember("{\"content\":\"Lives in Porto\"}");
        assertEquals(
                201,
                api.post("api/v1/scopes/user:7/snapshots", "{\"name\":\"before\"}")
                        .status());
        assertEquals(
                201,
                api.post("api/v1/scopes/agent:bot:user:7/facts", "{\"content\":\"Asked about refunds\"}")
                        .status());
        assertEquals(
                201,
                api.post("api/v1/scopes/user:71/facts", "{\"content\":\"Another person entirely\"}")
                        .status());

        browser.open("/console/tenants/" + tenant);
        browser.follow(browser.byId("erasures-link"));
        browser.type("erasure-subject", "user:7");
        browser.submit("preview-erasure");
        assertEquals("2", browser.text("count-scopes"), "user:7 and agent:bot:user:7, not user:71");
        assertEquals("3", browser.text("count-facts"));
        assertEquals("1", browser.text("count-snapshots"));
        assertEquals("2", browser.text("count-snapshot-facts"));
        assertEquals(
                3,
                api.get("api/v1/scopes/user:7/facts").items().size()
                        + api.get("api/v1/scopes/agent:bot:user:7/facts")
                                .items()
                                .size(),
                "nothing is erased before confirming");
        browser.screenshot("changes-confirm-erasure");
        browser.submit("confirm-erasure");

        assertTrue(browser.has("#erasure-done"), browser.path());
        assertEquals("3", browser.text("receipt-facts"));
        String id = browser.text("receipt-id");
        JsonObject receipt = api.get("api/v1/erasures/" + id).json();
        assertEquals("user:7", receipt.getString("subject"));
        assertEquals(actor, receipt.getString("actor"));
        assertEquals(browser.text("receipt-digest"), receipt.getString("digest"));
        assertEquals(0, api.get("api/v1/scopes/user:7/facts").items().size());
        assertEquals(0, api.get("api/v1/scopes/user:7/snapshots").items().size());
        assertEquals(1, api.get("api/v1/scopes/user:71/facts").items().size(), "user:71 is untouched");
        browser.screenshot("changes-erasure-receipt");

        browser.open("/console/tenants/" + tenant + "/erasures");
        assertEquals(1, browser.all("#receipts a.receipt-link").size(), "the receipt is listed");
    }

    private String remember(String json) {
        return api.remember("user:7", json).getString("id");
    }

    private String factPath(String id) {
        return "/console/tenants/" + tenant + "/scopes/user:7/facts/" + id;
    }
}
