package it.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Browser;
import it.support.ConsoleClient;
import it.support.Deployments;
import it.support.Tokens;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.Dimension;

/**
 * Every page the console serves, opened by an admin on a tenant that has something to show on each (a superseded
 * fact, a deletion, a snapshot, an erasure): each renders without an error page and fits a 400-pixel phone without
 * scrolling sideways. The screenshots at 1280 and 400 pixels land in target/console-screenshots/pages-*.png.
 */
@ExtendWith(ArquillianExtension.class)
class ConsolePagesIT extends Deployments {

    private final String tenant = Tokens.newTenant("pages");
    private final Api api = new Api(Api.serverBase(), Tokens.token(tenant, Tokens.ALL_ROLES));
    private Browser browser;

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void everyPageRendersAndFitsAPhone() {
        String lisbon =
                remember("user:42", "{\"content\":\"Lives in Lisbon near the river\",\"category\":\"profile\"}");
        remember(
                "user:42",
                "{\"content\":\"Moved to Berlin, Germany in March\",\"category\":\"profile\",\"supersedes\":[\""
                        + lisbon + "\"]}");
        String editor =
                remember("user:42", "{\"content\":\"Prefers the vim editor with a light theme\",\"key\":\"editor\"}");
        String phone = remember("user:42", "{\"content\":\"Phone number +351 912 345 678\",\"persistent\":true}");
        remember("agent:support-bot:user:42", "{\"content\":\"Customer lives in Lisbon\",\"category\":\"profile\"}");
        remember("user:9", "{\"content\":\"Asked about refunds twice\"}");
        assertEquals(
                201,
                api.post("api/v1/scopes/user:42/snapshots", "{\"name\":\"before-move\"}")
                        .status());
        assertEquals(204, api.delete("api/v1/scopes/user:42/facts/" + phone).status());
        Api.Reply erasure = api.post("api/v1/erasures", "{\"subject\":\"user:9\"}");
        assertEquals(201, erasure.status(), erasure.toString());
        String receipt = erasure.json().getString("id");

        browser = Browser.start();
        page("login", "/console/login");
        browser.signIn(ConsoleClient.adminUser(), ConsoleClient.adminPassword());

        String t = "/console/tenants/" + tenant;
        String scope = t + "/scopes/user:42";
        Map<String, String> pages = new LinkedHashMap<>();
        pages.put("dashboard", "/console/");
        pages.put("tenants", "/console/tenants?q=" + q(tenant));
        pages.put("tenant", t);
        pages.put("scope", scope);
        pages.put("scope-superseded", scope + "?superseded=include");
        pages.put("scope-memory", scope + "?tab=memory");
        pages.put("scope-logs", scope + "?tab=logs");
        pages.put("scope-snapshots", scope + "?tab=snapshots");
        pages.put("scope-stats", scope + "?tab=stats");
        pages.put("scope-prompt", scope + "/prompt?q=" + q("which editor does she use"));
        pages.put(
                "prompt-across",
                t + "/prompt?scopes=" + q("user:42,agent:support-bot:user:42,global") + "&q="
                        + q("where does she live"));
        pages.put("fact", scope + "/facts/" + editor);
        pages.put("fact-superseded", scope + "/facts/" + lisbon);
        pages.put("fact-delete", scope + "/facts/" + editor + "/delete");
        pages.put("snapshot-diff", scope + "/snapshots/before-move/diff");
        pages.put("snapshot-restore", scope + "/snapshots/before-move/restore");
        pages.put("supersessions", t + "/supersessions");
        pages.put("erasures", t + "/erasures");
        pages.put("erasure-confirm", t + "/erasures/confirm?subject=" + q("user:42"));
        pages.put("erasure-receipt", t + "/erasures/" + receipt);
        pages.put("audit", "/console/audit?tenant=" + q(tenant));
        pages.put("search", "/console/search?tenant=" + q(tenant) + "&q=" + q("Lisbon"));
        pages.put("users", "/console/users");
        pages.put("password", "/console/password");
        List<String> failures = new ArrayList<>();
        pages.forEach((name, path) -> failures.addAll(page(name, path)));

        browser.open("/console/search?tenant=" + q(tenant));
        browser.type("deleted-text", "351912345678");
        browser.submit("deleted-check");
        assertFalse(browser.has("#not-deleted"), "the number alone is confirmed as deleted");
        failures.addAll(atBothWidths("deleted-check"));

        assertEquals(List.of(), failures);
    }

    /** Opens one page; returns what is wrong with it (an error page, sideways scrolling at 400 pixels). */
    private List<String> page(String name, String path) {
        browser.open(path);
        if (browser.has("#error-detail")) {
            return List.of(name + " (" + path + ") is an error page: " + browser.text("error-detail"));
        }
        assertTrue(browser.has("main h1"), name + " has a heading");
        return atBothWidths(name);
    }

    private List<String> atBothWidths(String name) {
        browser.screenshot("pages-" + name + "-1280");
        List<String> overflow = browser.sidewaysOverflowAt(400);
        browser.screenshot("pages-" + name + "-400");
        browser.driver().manage().window().setSize(new Dimension(1280, 900));
        return overflow.isEmpty() ? List.of() : List.of(name + " scrolls sideways at 400 pixels: " + overflow);
    }

    private String remember(String scope, String json) {
        return api.remember(scope, json).getString("id");
    }

    private static String q(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
