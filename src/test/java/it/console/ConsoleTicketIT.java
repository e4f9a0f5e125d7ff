package it.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Browser;
import it.support.ConsoleClient;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.JsonObject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebElement;

/**
 * Issue 35's ticket, walked in a browser: "the customer says the agent forgot their time zone". The time-zone
 * fact of user:42 was deleted, a conflicting one sits in another scope; support finds both, sees the deletion by
 * its text, previews what the agent gets (reinforcing nothing), opens a fact's history, and an admin restores an
 * old value and reinstates a superseded fact, which support may not.
 */
@ExtendWith(ArquillianExtension.class)
class ConsoleTicketIT extends Deployments {

    private static final String USER_SCOPE = "user:42";
    private static final String BOT_SCOPE = "agent:support-bot:user:42";
    private static final String DELETED = "Time zone: Europe/Lisbon, so never call before 10:00 Lisbon time";
    private static final String PASSWORD = "support-ticket-password-7";

    private final String tenant = Tokens.newTenant("ticket");
    private final Api api = new Api(Api.serverBase(), Tokens.token(tenant, Tokens.ALL_ROLES));
    private Browser browser;

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    private String remember(String scope, String json) {
        return api.rememberOrReinforce(scope, json).getString("id");
    }

    private JsonObject fact(String scope, String id) {
        return api.get("api/v1/scopes/" + scope + "/facts/" + id).json();
    }

    /** Waits, with a bound for a stuck worker rather than a speed, until the scope's facts all have vectors. */
    private void awaitEmbedded(String scope) {
        it.support.Await.embedded(api, scope, 1, java.time.Duration.ofMinutes(10));
    }

    private String scopePath(String scope) {
        return "/console/tenants/" + tenant + "/scopes/" + scope;
    }

    private static String q(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    private void widths(String name) {
        browser.screenshot(name + "-1280");
        List<String> overflow = browser.sidewaysOverflowAt(400);
        browser.screenshot(name + "-400");
        assertEquals(List.of(), overflow, name + ": the page scrolls sideways at 400 pixels");
        browser.driver().manage().window().setSize(new Dimension(1280, 900));
    }

    @Test
    void supportAnswersTheTicketAndAnAdminRepairsTheFact() {
        remember(USER_SCOPE, "{\"content\":\"Usually online 09:00-17:00 local time\",\"category\":\"schedule\"}");
        String deletedId = remember(USER_SCOPE, "{\"content\":\"" + DELETED + "\",\"key\":\"timezone\"}");
        assertEquals(
                204,
                api.delete("api/v1/scopes/" + USER_SCOPE + "/facts/" + deletedId)
                        .status());
        String newYork = remember(
                BOT_SCOPE,
                "{\"content\":\"The customer's time zone is New York (America/New_York)\",\"key\":\"timezone\","
                        + "\"category\":\"profile\"}");
        String editor = remember(USER_SCOPE, "{\"content\":\"Prefers the vim editor\",\"key\":\"editor\"}");
        assertEquals(
                200,
                api.patch(
                                "api/v1/scopes/" + USER_SCOPE + "/facts/" + editor,
                                "{\"content\":\"Prefers the emacs editor\"}")
                        .status());
        String lisbon = remember(USER_SCOPE, "{\"content\":\"Lives in Lisbon, Portugal\",\"dedupe\":false}");
        String berlin = remember(
                USER_SCOPE,
                "{\"content\":\"Moved to Berlin, Germany\",\"dedupe\":false,\"supersedes\":[\"" + lisbon + "\"]}");
        assertEquals(berlin, fact(USER_SCOPE, lisbon).getString("superseded_by"));

        browser = Browser.start();
        browser.signIn(ConsoleClient.adminUser(), ConsoleClient.adminPassword());

        // search everywhere: by words, within the tenant, finds the fact in the other scope
        browser.open("/console/search?q=" + q("time zone") + "&tenant=" + tenant);
        List<WebElement> hits = browser.all("tr.hit");
        assertTrue(
                hits.stream()
                        .anyMatch(h -> newYork.equals(h.getAttribute("data-id"))
                                && BOT_SCOPE.equals(h.getAttribute("data-scope"))),
                "the New York fact in the bot's scope: " + browser.text("search-results"));
        assertTrue(browser.text("search-results").contains("current"));
        assertFalse(hits.stream().anyMatch(h -> deletedId.equals(h.getAttribute("data-id"))), "a deleted fact is gone");
        widths("search");

        // by exact key across every tenant, and by id
        browser.open("/console/search?q=timezone");
        assertTrue(
                browser.all("tr.hit").stream()
                        .anyMatch(h -> newYork.equals(h.getAttribute("data-id"))
                                && tenant.equals(h.getAttribute("data-tenant"))),
                "found by key across tenants");
        browser.open("/console/search?q=" + editor);
        WebElement byId = browser.all("tr.hit").get(0);
        assertEquals(editor, byId.getAttribute("data-id"));
        assertTrue(byId.getText().contains("id"));
        browser.follow(byId.findElement(By.cssSelector("a.hit-link")));
        assertEquals("Prefers the emacs editor", browser.text("fact-content"));

        // by meaning, once the scope's facts have vectors: a word no fact holds finds the move to Berlin
        awaitEmbedded(USER_SCOPE);
        browser.open("/console/search?q=relocation&tenant=" + tenant);
        assertTrue(
                browser.all("tr.hit").stream()
                        .anyMatch(h -> berlin.equals(h.getAttribute("data-id"))
                                && h.getText().contains("meaning")),
                "found by meaning: " + browser.text("search-results"));
        browser.open("/console/search?q=" + q("where does she live") + "&tenant=" + tenant);
        assertTrue(
                browser.all("tr.hit").stream().anyMatch(h -> berlin.equals(h.getAttribute("data-id"))),
                "the ticket's own question finds the move: " + browser.text("search-results"));

        // the deleted fact's id leads to its deletion in the audit log
        browser.open("/console/search?q=" + deletedId + "&tenant=" + tenant);
        assertTrue(browser.text("audited-fact").contains("delete"), browser.text("audited-fact"));
        assertTrue(browser.text("audited-fact").contains("key timezone"), "named by its key, never its content");

        // was this text deleted? posted, never in the URL
        browser.open("/console/search");
        browser.type("deleted-text", DELETED);
        browser.type("deleted-tenant", tenant);
        browser.submit("deleted-check");
        assertEquals("/console/search/deleted", browser.path());
        List<WebElement> deletions = browser.all("li.deletion");
        assertEquals(1, deletions.size(), browser.pageSource());
        assertEquals(deletedId, deletions.get(0).getAttribute("data-fact"));
        assertTrue(deletions.get(0).getText().startsWith("A text holding it was deleted"));
        assertEquals("the whole text, exactly", deletions.get(0).getAttribute("data-matched"));
        assertTrue(
                deletions.get(0).getText().contains("key timezone"),
                deletions.get(0).getText());
        assertFalse(browser.pageSource().contains(DELETED), "the page does not echo the text");
        widths("deleted-check");
        browser.type("deleted-text", DELETED.toLowerCase(java.util.Locale.ROOT) + ".");
        browser.submit("deleted-check");
        assertEquals(1, browser.all("li.deletion").size(), "in lower case and with a full stop, still that text");
        assertEquals(
                "the whole text (case and spacing aside)",
                browser.all("li.deletion").get(0).getAttribute("data-matched"));
        browser.type("deleted-text", DELETED.replace("Lisbon", "Madrid"));
        browser.submit("deleted-check");
        assertTrue(browser.has("#not-deleted"), "another word is another text");
        browser.type("deleted-text", "Lisbon");
        browser.submit("deleted-check");
        assertTrue(browser.has("#not-deleted"), "an ordinary word is no identifier: nothing is confirmed by it");

        // "she asked us to delete her phone number": the number alone, as the customer writes it, confirms it
        String phoneId = remember(
                USER_SCOPE, "{\"content\":\"Her husband Luis Ferreira is the emergency contact, +351 912 345 678\"}");
        // a snapshot taken before the deletion still holds the number: the check must say so, and where
        assertEquals(
                201,
                api.post("api/v1/scopes/" + USER_SCOPE + "/snapshots", "{\"name\":\"before-cleanup\"}")
                        .status());
        assertEquals(
                204,
                api.delete("api/v1/scopes/" + USER_SCOPE + "/facts/" + phoneId).status());
        for (String fragment : List.of("+351 912 345 678", "351912345678", "912 345 678", "Luis Ferreira")) {
            browser.type("deleted-text", fragment);
            browser.submit("deleted-check");
            List<WebElement> byFragment = browser.all("li.deletion");
            assertEquals(1, byFragment.size(), fragment + ": " + browser.text("deleted-results"));
            assertEquals(phoneId, byFragment.get(0).getAttribute("data-fact"));
            assertEquals(
                    fragment.equals("Luis Ferreira") ? "a name in it" : "a phone number in it",
                    byFragment.get(0).getAttribute("data-matched"),
                    fragment);
            List<String> copies = byFragment.get(0).findElements(By.cssSelector("a.snapshot-copy")).stream()
                    .map(WebElement::getText)
                    .toList();
            assertEquals(List.of("before-cleanup"), copies, fragment + ": the snapshot that still holds it is named");
        }
        widths("deleted-check-snapshot");
        assertFalse(browser.pageSource().contains("912 345 678"), "the page does not echo the number");
        browser.type("deleted-text", "  " + DELETED + "\n");
        browser.submit("deleted-check");
        assertEquals(1, browser.all("li.deletion").size(), "pasted with spaces around, as the API trims content");

        // the agent's view: the block and the recall list, reinforcing nothing
        int accessesBefore = fact(BOT_SCOPE, newYork).getInt("access_count");
        browser.open(scopePath(BOT_SCOPE) + "/prompt?q=" + q("what is the customer's time zone?"));
        assertTrue(browser.text("context-block").contains("New York"), browser.text("context-block"));
        WebElement recalled = browser.all("tr.recall-row").get(0);
        assertEquals(newYork, recalled.getAttribute("data-id"));
        assertFalse(recalled.findElement(By.cssSelector("td.score")).getText().isBlank());
        widths("prompt");
        browser.open(scopePath(BOT_SCOPE) + "/prompt?q=" + q("time zone") + "&max_tokens=5");
        assertNotNull(browser.text("context-block"));
        assertEquals(
                accessesBefore,
                fact(BOT_SCOPE, newYork).getInt("access_count"),
                "looking at the agent's view records no access");
        String agentBlock = api.get("api/v1/scopes/" + BOT_SCOPE + "/context?q=" + q("time zone") + "&max_tokens=5")
                .body();
        browser.open(scopePath(BOT_SCOPE) + "/prompt?q=" + q("time zone") + "&max_tokens=5");
        assertEquals(agentBlock.strip(), browser.text("context-block").strip(), "exactly what the agent gets");

        // the agent reads three scopes: the one view of them, as GET /context?scopes= gives it, from the one-scope view
        remember("global", "{\"content\":\"Support hours are 08:00-20:00 Lisbon time\"}");
        String threeScopes = USER_SCOPE + "," + BOT_SCOPE + ",global";
        browser.open(scopePath(BOT_SCOPE) + "/prompt?q=" + q("time zone"));
        browser.click("across-scopes");
        assertTrue(browser.path().startsWith("/console/tenants/" + tenant + "/prompt?"), browser.path());
        browser.type("prompt-scopes", threeScopes);
        browser.submit("show-prompt");
        // the block recalls by meaning too: compare once every fact of the three scopes has its vector
        awaitEmbedded(USER_SCOPE);
        awaitEmbedded(BOT_SCOPE);
        awaitEmbedded("global");
        browser.submit("show-prompt");
        String acrossBlock = api.get("api/v1/context?scopes=" + q(threeScopes) + "&q=" + q("time zone"))
                .body();
        assertEquals(acrossBlock.strip(), browser.text("context-block").strip(), "exactly what that agent gets");
        java.util.Set<String> recalledScopes = new java.util.HashSet<>();
        browser.all("tr.recall-row").forEach(row -> recalledScopes.add(row.getAttribute("data-scope")));
        assertEquals(java.util.Set.of(USER_SCOPE, BOT_SCOPE, "global"), recalledScopes, browser.text("recall"));
        widths("prompt-across");

        // as_of: the prompt as it was before the editor fact was edited
        JsonObject first = api.get("api/v1/scopes/" + USER_SCOPE + "/facts/" + editor + "/history")
                .json()
                .getJsonArray("items")
                .getJsonObject(0);
        // the end of version 1 (written in milliseconds, so just before version 2 began): version 1 held then
        browser.open(scopePath(USER_SCOPE) + "/prompt?q=editor&as_of=" + q(first.getString("valid_to")));
        assertTrue(browser.has("#prompt-as-of-notice"));
        assertEquals(editor, browser.all("tr.recall-row").get(0).getAttribute("data-id"));
        assertTrue(browser.text("recall").contains("vim"), browser.text("recall"));

        // a fact's life: versions, and an old value made current again
        browser.open(scopePath(USER_SCOPE) + "/facts/" + editor);
        assertEquals(2, browser.all("tr.version-row").size());
        widths("fact-history");
        browser.submit("restore-version-1");
        assertTrue(browser.has("#fact-restored"));
        assertEquals("Prefers the vim editor", browser.text("fact-content"));
        assertEquals(3, browser.all("tr.version-row").size());
        assertEquals("Prefers the vim editor", fact(USER_SCOPE, editor).getString("content"));
        assertTrue(browser.text("fact-audit").contains("edit by console:"), browser.text("fact-audit"));

        // supersession both ways, and a superseded fact reinstated
        browser.open(scopePath(USER_SCOPE) + "/facts/" + berlin);
        assertTrue(browser.has("a.supersedes-link"), "Berlin names what it superseded");
        browser.open(scopePath(USER_SCOPE) + "/facts/" + lisbon);
        assertEquals("superseded", browser.text("fact-state"));
        assertTrue(browser.byId("superseded-by").getAttribute("href").endsWith("/facts/" + berlin));
        browser.submit("reinstate");
        assertTrue(browser.has("#fact-reinstated"));
        assertEquals("current", browser.text("fact-state"));
        assertTrue(fact(USER_SCOPE, lisbon).isNull("superseded_by"));
        assertTrue(browser.text("fact-audit").contains("reinstate by console:"), browser.text("fact-audit"));

        // an automatic supersession says why on the older fact, and one click undoes it
        String friday = remember(USER_SCOPE, "{\"content\":\"Sprint review: Friday 3pm\"}");
        remember(USER_SCOPE, "{\"content\":\"Sprint review: Thursday 4pm\"}");
        browser.open(scopePath(USER_SCOPE) + "/facts/" + friday);
        assertEquals("superseded", browser.text("fact-state"));
        assertTrue(
                browser.text("supersession-evidence").contains("sprint review"), browser.text("supersession-evidence"));
        browser.submit("reinstate");
        assertEquals("current", browser.text("fact-state"));
        assertFalse(browser.has("#supersession-evidence"));

        // tables to scan: totals, a key column, log entries leading to their facts, every setting in the form
        String tea = remember(USER_SCOPE, "{\"content\":\"Drinks tea in the morning\",\"dedupe\":false}");
        remember(
                USER_SCOPE,
                "{\"content\":\"Coffee in the morning now\",\"dedupe\":false,\"supersedes\":[\"" + tea + "\"]}");
        browser.open(scopePath(USER_SCOPE));
        assertTrue(
                browser.text("facts-total").matches("\\d+ current facts · [1-9]\\d* superseded · page 1 of 1"),
                "the count says what the quota counts too: " + browser.text("facts-total"));
        assertFalse(
                browser.all("tr.fact-row").stream().anyMatch(r -> tea.equals(r.getAttribute("data-id"))),
                "current facts by default");
        browser.open(scopePath(USER_SCOPE) + "?superseded=include");
        assertTrue(
                browser.all("tr.fact-row").stream()
                        .filter(r -> tea.equals(r.getAttribute("data-id")))
                        .anyMatch(r -> !r.findElements(By.cssSelector(".fact-superseded"))
                                .isEmpty()),
                "the superseded fact, labelled");
        browser.open(scopePath(USER_SCOPE));
        assertTrue(browser.all("#facts td.key").stream()
                .anyMatch(td -> td.getText().equals("editor")));
        assertTrue(
                browser.has("#facts time.when[title]"),
                "dates: the exact time, the relative one on hover and beside it");
        widths("scope");
        browser.open(scopePath(USER_SCOPE) + "?tab=logs");
        assertTrue(browser.has("a.log-fact-link"), "log entries link to their facts");
        browser.follow(browser.all("a.log-fact-link").get(0));
        assertTrue(browser.path().contains("/facts/"), browser.path());
        assertTrue(browser.has("#fact-log li"), "and the fact lists its log entries");
        browser.open("/console/tenants/" + tenant);
        assertTrue(browser.has("#setting-semantic-recall"));
        new org.openqa.selenium.support.ui.Select(browser.byId("setting-supersede")).selectByValue("explicit");
        browser.submit("save-settings");
        assertTrue(browser.has("#settings-saved"));
        assertEquals("explicit", api.get("api/v1/tenant/settings").json().getString("supersede"));
        widths("tenant");
        browser.close();

        // support reads all of it and changes none of it
        String support = "ticket-" + UUID.randomUUID().toString().substring(0, 6);
        ConsoleClient.admin().createUser(support, "support", "temporary-ticket-1");
        new ConsoleClient().signInFirstTime(support, "temporary-ticket-1", PASSWORD);
        browser = Browser.start();
        browser.signIn(support, PASSWORD);
        browser.open("/console/search");
        browser.type("deleted-text", DELETED);
        browser.submit("deleted-check");
        assertEquals(1, browser.all("li.deletion").size(), "support may check a text");
        browser.open(scopePath(USER_SCOPE) + "/facts/" + editor);
        assertEquals(3, browser.all("tr.version-row").size(), "support reads the history");
        assertFalse(browser.has("form.restore-version"), "but is offered no restore");
        ConsoleClient supportClient = new ConsoleClient();
        supportClient.signIn(support, PASSWORD);
        for (String path : List.of(
                scopePath(USER_SCOPE) + "/facts/" + editor + "/versions/2/restore",
                scopePath(USER_SCOPE) + "/facts/" + lisbon + "/reinstate")) {
            assertEquals(403, supportClient.post(path, Map.of(), true).statusCode(), path);
        }
        assertEquals("Prefers the vim editor", fact(USER_SCOPE, editor).getString("content"));
        browser.screenshot("ticket-support-fact");
    }
}
