package it.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Browser;
import it.support.ConsoleClient;
import it.support.Deployments;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Signing in and out, wrong passwords, the one-time password, and what guards every console request. */
@ExtendWith(ArquillianExtension.class)
class ConsoleLoginIT extends Deployments {

    private Browser browser;

    @BeforeEach
    void startBrowser() {
        browser = Browser.start();
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void anAdminSignsInSeesTheDashboardAndSignsOut() {
        browser.open("/console/tenants");
        assertEquals("/console/login", browser.path(), "a signed-out visitor is sent to the sign-in page");
        browser.signIn(ConsoleClient.adminUser(), ConsoleClient.adminPassword());
        assertEquals("/console/", browser.path());
        assertTrue(browser.has("#writes-chart"), "the dashboard shows the writes chart");
        assertEquals(ConsoleClient.adminUser(), browser.all(".who .user").get(0).getText());
        browser.screenshot("login-dashboard");

        browser.signOut();
        assertTrue(browser.path().startsWith("/console/login"), browser.path());
        assertTrue(browser.has("#signed-out"));
        browser.open("/console/");
        assertEquals("/console/login", browser.path(), "the session is gone after signing out");
        browser.screenshot("login-signed-out");
    }

    @Test
    void aWrongPasswordIsRefusedWithoutSayingWhichPartWasWrong() {
        String user = "wrong-" + UUID.randomUUID().toString().substring(0, 6);
        ConsoleClient.admin().createUser(user, "support", "temporary-password-1");
        browser.signIn(user, "not-the-password-1");
        assertEquals("/console/login", browser.path());
        assertEquals("Wrong user name or password.", browser.text("login-error"));
        browser.signIn("nobody-" + user, "not-the-password-1");
        assertEquals("Wrong user name or password.", browser.text("login-error"), "an unknown user reads the same");
        browser.screenshot("login-wrong-password");
    }

    @Test
    void aOneTimePasswordMustBeChangedBeforeAnythingElse() {
        String user = "new-" + UUID.randomUUID().toString().substring(0, 6);
        ConsoleClient.admin().createUser(user, "admin", "one-time-password-7");

        browser.signIn(user, "one-time-password-7");
        assertEquals("/console/password", browser.path(), "the first page is the password change");
        assertTrue(browser.has("#must-change"));
        browser.open("/console/tenants");
        assertEquals("/console/password", browser.path(), "nothing else opens before the change");
        browser.screenshot("login-must-change");

        browser.type("current-password", "one-time-password-7");
        browser.type("new-password", "my-own-password-7");
        browser.type("repeat-password", "my-own-password-7");
        browser.submit("change-password");
        assertTrue(browser.path().startsWith("/console/"), browser.path());
        assertTrue(browser.has("#password-changed"));
        browser.open("/console/tenants");
        assertEquals("/console/tenants", browser.path(), "the console opens after the change");
        browser.signOut();

        browser.signIn(user, "one-time-password-7");
        assertEquals("Wrong user name or password.", browser.text("login-error"), "the one-time password is spent");
        browser.signIn(user, "my-own-password-7");
        assertEquals("/console/", browser.path());
    }

    @Test
    void aPostWithoutTheCsrfTokenIsRefusedAndChangesNothing() {
        ConsoleClient admin = ConsoleClient.admin();
        String user = "csrf-" + UUID.randomUUID().toString().substring(0, 6);
        HttpResponse<String> forged = admin.post(
                "/console/users", Map.of("username", user, "role", "admin", "password", "forged-password-12"), false);
        assertEquals(403, forged.statusCode());
        assertTrue(forged.body().contains("CSRF"), forged.body());
        HttpResponse<String> wrongToken = admin.post(
                "/console/users",
                Map.of("username", user, "role", "admin", "password", "forged-password-12", "_csrf", "not-the-token"),
                false);
        assertEquals(403, wrongToken.statusCode());
        assertFalse(admin.get("/console/users").body().contains(user), "no user was created");
        browser.signIn(ConsoleClient.adminUser(), ConsoleClient.adminPassword());
        browser.open("/console/users");
        assertFalse(browser.pageSource().contains(user));
        browser.screenshot("csrf-refused-users-unchanged");
    }

    @Test
    void everyConsoleResponseCarriesTheSecurityHeadersAndAStrictCookie() {
        ConsoleClient client = new ConsoleClient();
        HttpResponse<String> page = client.get("/console/login");
        String csp = page.headers().firstValue("Content-Security-Policy").orElse("");
        assertTrue(
                csp.contains("script-src 'self'")
                        && csp.contains("frame-ancestors 'none'")
                        && !csp.contains("unsafe-inline"),
                csp);
        assertEquals(
                "nosniff", page.headers().firstValue("X-Content-Type-Options").orElse(null));

        HttpResponse<String> signedIn = client.signIn(ConsoleClient.adminUser(), ConsoleClient.adminPassword());
        String cookie = signedIn.headers().allValues("Set-Cookie").stream()
                .filter(c -> c.startsWith("memoria_console="))
                .findFirst()
                .orElseThrow();
        assertTrue(
                cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/console"),
                cookie);
        assertFalse(cookie.contains("Secure"), "plain HTTP here: Secure is added only behind TLS");
        browser.open("/console/login");
        browser.screenshot("login-page");
    }
}
