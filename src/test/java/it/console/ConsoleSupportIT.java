package it.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Browser;
import it.support.ConsoleClient;
import it.support.Deployments;
import it.support.Tokens;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The support role reads everything and changes nothing: no button for it, and a forged request is a 403. */
@ExtendWith(ArquillianExtension.class)
class ConsoleSupportIT extends Deployments {

    private static final String PASSWORD = "support-own-password-3";

    private final String tenant = Tokens.newTenant("support");
    private final Api api = new Api(Api.serverBase(), Tokens.token(tenant, Tokens.ALL_ROLES));
    private final String user = "support-" + UUID.randomUUID().toString().substring(0, 6);
    private String factId;
    private String scopePath;

    @BeforeEach
    void seed() {
        factId = api.post("api/v1/scopes/user:9/facts", "{\"content\":\"Allergic to peanuts\"}")
                .json()
                .getString("id");
        assertEquals(
                201,
                api.post("api/v1/scopes/user:9/snapshots", "{\"name\":\"safe\"}")
                        .status());
        ConsoleClient.admin().createUser(user, "support", "temporary-support-1");
        new ConsoleClient().signInFirstTime(user, "temporary-support-1", PASSWORD);
        scopePath = "/console/tenants/" + tenant + "/scopes/user:9";
    }

    private Browser browser;

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void theUiOffersSupportNoChange() {
        browser = Browser.start();
        browser.signIn(user, PASSWORD);
        browser.open(scopePath + "/facts/" + factId);
        assertEquals("Allergic to peanuts", browser.text("fact-content"), "support reads the fact");
        assertFalse(browser.has("#edit-form"), "no edit form");
        assertFalse(browser.has("#delete-fact"), "no delete link");
        browser.screenshot("support-fact-read-only");

        browser.open(scopePath + "?tab=snapshots");
        assertTrue(browser.has("a.diff-link"), "support may compare");
        assertFalse(
                browser.has("a.restore-link") || browser.has("#snapshot-form"), "but not restore or take snapshots");
        browser.open("/console/tenants/" + tenant);
        assertFalse(browser.has("#save-settings"), "settings are read only");
        assertFalse(browser.has("a[href='/console/users']"), "no users page in the navigation");
        browser.open("/console/users");
        assertTrue(browser.title().startsWith("Not allowed"), browser.title());
        browser.open(scopePath + "/facts/" + factId + "/delete");
        assertTrue(browser.title().startsWith("Not allowed"), "the confirmation page is refused too");
        browser.open("/console/tenants/" + tenant + "/erasures");
        assertFalse(browser.has("#erasure-form"), "support reads receipts but runs no erasure");
        browser.open("/console/tenants/" + tenant + "/erasures/confirm?subject=user:9");
        assertTrue(browser.title().startsWith("Not allowed"), "nor counts one");
        browser.screenshot("support-refused");
    }

    @Test
    void forgedPostsWithAValidCsrfTokenAreRefused() {
        ConsoleClient support = new ConsoleClient();
        support.signIn(user, PASSWORD);
        Map<String, Map<String, String>> changes = Map.of(
                scopePath + "/facts/" + factId,
                Map.of("content", "Not allergic", "category", "general", "type", "semantic", "importance", "0.5"),
                scopePath + "/facts/" + factId + "/delete",
                Map.of(),
                scopePath + "/snapshots",
                Map.of("name", "forged"),
                scopePath + "/snapshots/safe/restore",
                Map.of(),
                "/console/tenants/" + tenant + "/settings",
                Map.of("max_log_days", "1"),
                "/console/users",
                Map.of("username", "forged-" + user, "role", "admin", "password", "forged-password-12"),
                "/console/users/" + user + "/role",
                Map.of("role", "admin"),
                "/console/tenants/" + tenant + "/erasures",
                Map.of("subject", "user:9"));
        changes.forEach((path, form) -> {
            HttpResponse<String> response = support.post(path, form, true);
            assertEquals(403, response.statusCode(), path + ": " + response.body());
        });

        assertEquals(
                "Allergic to peanuts",
                api.get("api/v1/scopes/user:9/facts/" + factId).json().getString("content"));
        assertEquals(1, api.get("api/v1/scopes/user:9/snapshots").items().size());
        assertEquals(30, api.get("api/v1/tenant/settings").json().getInt("max_log_days"));
        String users = ConsoleClient.admin().get("/console/users").body();
        assertFalse(users.contains("forged-" + user));
        assertTrue(users.contains("data-user=\"" + user + "\""));
        assertTrue(
                users.matches("(?s).*data-user=\"" + user + "\">\\s*<td[^>]*>[^<]*</td>\\s*<td[^>]*>support</td>.*"),
                "still support");
        browser = Browser.start();
        browser.signIn(user, PASSWORD);
        browser.open(scopePath + "/facts/" + factId);
        assertEquals("Allergic to peanuts", browser.text("fact-content"));
        browser.screenshot("support-after-forged-posts");
    }
}
