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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.WebElement;

/**
 * The safety net of automatic supersession: support staff see every fact Memoria hid on its own, with the fact
 * that replaced it and why, per tenant and per scope, and an admin makes a wrongly hidden fact current in one click.
 */
@ExtendWith(ArquillianExtension.class)
class ConsoleSupersessionsIT extends Deployments {

    private final String tenant = Tokens.newTenant("hidden");
    private final Api api = new Api(Api.serverBase(), Tokens.token(tenant, Tokens.ALL_ROLES));
    private Browser browser;

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    private JsonObject remember(String scope, String json) {
        return api.remember(scope, json);
    }

    private List<String> hiddenIds() {
        return browser.all("tr.supersession").stream()
                .map(row -> row.getAttribute("data-hidden"))
                .toList();
    }

    @Test
    void everyAutomaticHideIsListedWithItsReasonAndAnAdminUndoesOneInAClick() {
        String budget = remember(
                        "team:atlas", "{\"content\":\"The monthly cloud budget for team Atlas is 10,000 dollars\"}")
                .getString("id");
        JsonObject lowered =
                remember("team:atlas", "{\"content\":\"The monthly cloud budget for team Atlas is 6,000 dollars\"}");
        assertEquals(budget, lowered.getJsonArray("superseded").getString(0), lowered::toString);
        String lisbon = remember("user:7", "{\"content\":\"Lives in Lisbon\",\"dedupe\":false}")
                .getString("id");
        remember("user:7", "{\"content\":\"Relocated to Porto\",\"supersedes\":[\"" + lisbon + "\"]}");

        browser = Browser.start();
        browser.signIn(ConsoleClient.adminUser(), ConsoleClient.adminPassword());
        browser.open("/console/tenants/" + tenant);
        browser.follow(browser.byId("supersessions-link"));
        assertEquals(List.of(budget), hiddenIds(), "the explicit supersession is the client's, not listed");
        WebElement row = browser.all("tr.supersession").get(0);
        assertTrue(row.getText().contains("10,000 dollars") && row.getText().contains("6,000 dollars"), row.getText());
        assertTrue(row.getText().contains("Memoria decided this itself"), row.getText());
        assertEquals(List.of(), browser.sidewaysOverflowAt(400), "the list at phone width");
        browser.driver().manage().window().setSize(new org.openqa.selenium.Dimension(1280, 900));

        browser.open("/console/tenants/" + tenant + "/supersessions?scope=user:7");
        assertTrue(browser.has("#no-supersessions"), "another scope's decision is not this scope's");
        browser.open("/console/tenants/" + tenant + "/scopes/team:atlas");
        browser.follow(browser.byId("tab-supersessions"));
        assertEquals(List.of(budget), hiddenIds());

        browser.follow(browser.all("tr.supersession button.undo").get(0));
        assertTrue(browser.has("#fact-reinstated"), browser.path());
        JsonObject reinstated =
                api.get("api/v1/scopes/team:atlas/facts/" + budget).json();
        assertTrue(reinstated.isNull("superseded_by"), reinstated::toString);
        browser.open("/console/tenants/" + tenant + "/supersessions");
        assertTrue(browser.has("#no-supersessions"), "an undone decision leaves the list");

        browser.open("/console/tenants/" + tenant + "/supersessions?scope=" + "user:..");
        assertTrue(browser.has("#error-detail"), "a scope that is no scope name is refused as bad input");
        assertTrue(
                browser.text("error-detail").toLowerCase(java.util.Locale.ROOT).contains("scope"),
                browser.text("error-detail"));
    }
}
