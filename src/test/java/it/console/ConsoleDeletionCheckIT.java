package it.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Browser;
import it.support.ConsoleClient;
import it.support.Deployments;
import it.support.Tokens;
import java.util.List;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.WebElement;

/**
 * "Was her phone number deleted?" from the number alone: which deletion held it, which snapshot still holds a copy,
 * and that an erasure leaves nothing of it to confirm.
 */
@ExtendWith(ArquillianExtension.class)
class ConsoleDeletionCheckIT extends Deployments {

    private static final String NUMBER = "+351 913 000 111";

    private final String tenant = Tokens.newTenant("deleted");
    private final Api api = new Api(Api.serverBase(), Tokens.token(tenant, Tokens.ALL_ROLES));
    private Browser browser;

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    private String rememberAndDelete(String scope, String content) {
        Api.Reply created = api.post("api/v1/scopes/" + scope + "/facts", "{\"content\":\"" + content + "\"}");
        assertEquals(201, created.status(), created.toString());
        String id = created.json().getString("id");
        if (scope.equals("user:5")) {
            assertEquals(
                    201,
                    api.post("api/v1/scopes/user:5/snapshots", "{\"name\":\"before-cleanup\"}")
                            .status());
        }
        assertEquals(204, api.delete("api/v1/scopes/" + scope + "/facts/" + id).status());
        return id;
    }

    private List<WebElement> check(String fragment) {
        browser.open("/console/search");
        browser.type("deleted-text", fragment);
        browser.type("deleted-tenant", tenant);
        browser.submit("deleted-check");
        return browser.all("li.deletion");
    }

    @Test
    void aNumberConfirmsTheDeletionNamesTheSnapshotStillHoldingItAndAnErasureLeavesNothing() {
        String contact = rememberAndDelete("user:5", "Emergency contact: Ana Costa, " + NUMBER);
        String callBack = rememberAndDelete("user:6", "Call back on 913 000 111 after six");
        browser = Browser.start();
        browser.signIn(ConsoleClient.adminUser(), ConsoleClient.adminPassword());

        List<WebElement> found = check("351913000111");
        assertEquals(2, found.size(), browser.text("deleted-results"));
        assertEquals(
                List.of(callBack, contact),
                found.stream().map(f -> f.getAttribute("data-fact")).toList(),
                "newest first");
        assertTrue(found.stream().allMatch(f -> "a phone number in it".equals(f.getAttribute("data-matched"))));
        List<WebElement> copies = browser.all("a.snapshot-copy");
        assertEquals(1, copies.size(), "user:5's snapshot still holds the contact: " + browser.text("deleted-results"));
        assertEquals("before-cleanup", copies.get(0).getText());
        assertTrue(
                found.get(1).getText().contains("A snapshot still holds it"),
                found.get(1).getText());
        browser.screenshot("deletion-check-number");

        // the search says so too: the words are in no fact any more, only in the snapshot's copy
        browser.open("/console/search?q=" + "Ana%20Costa" + "&tenant=" + tenant);
        assertTrue(browser.has("#no-hits"), "no fact in memory holds it");
        List<WebElement> inSnapshots = browser.all("li.snapshot-hit");
        assertEquals(1, inSnapshots.size(), browser.pageSource());
        assertEquals(contact, inSnapshots.get(0).getAttribute("data-fact"));
        assertEquals("before-cleanup", inSnapshots.get(0).getAttribute("data-snapshot"));

        assertEquals(
                201, api.post("api/v1/erasures", "{\"subject\":\"user:5\"}").status());
        found = check(NUMBER);
        assertEquals(1, found.size(), "the erased scope's deletion can no longer be confirmed");
        assertEquals(callBack, found.get(0).getAttribute("data-fact"));
        assertEquals(0, check("Ana Costa").size(), "nor its name");
        browser.open("/console/search?q=" + "Ana%20Costa" + "&tenant=" + tenant);
        assertFalse(browser.has("li.snapshot-hit"), "the erasure took the snapshot's copy too");
    }
}
