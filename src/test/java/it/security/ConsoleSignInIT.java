package it.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.ConsoleClient;
import it.support.Deployments;
import java.net.http.HttpResponse;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Console: guessing is slowed per client and per name, known and unknown names answer alike, and nobody can lock
 * an account's owner out (ASVS 2.2.1). Each client is a distinct X-Forwarded-For address behind the trusted proxy.
 */
@ExtendWith(ArquillianExtension.class)
class ConsoleSignInIT extends Deployments {

    private static final String PASSWORD = "the-right-password-1";

    @Test
    void knownAndUnknownNamesAnswerAlikeAndTheOwnersBrowserStillSignsIn() {
        String user = newUser();
        String unknown = "nobody-" + UUID.randomUUID().toString().substring(0, 6);
        ConsoleClient owner = ConsoleClient.from(address());
        assertEquals(303, owner.signIn(user, PASSWORD).statusCode(), "the owner signs in once from her browser");

        for (String name : new String[] {user, unknown}) {
            for (int i = 0; i < 5; i++) {
                HttpResponse<String> wrong = ConsoleClient.from(address()).signIn(name, "guess-number-" + i);
                assertEquals(200, wrong.statusCode(), name + ": " + wrong.body());
                assertTrue(wrong.body().contains("Wrong user name or password."), wrong::body);
            }
        }
        HttpResponse<String> knownBlocked = ConsoleClient.from(address()).signIn(user, "guess-again-1");
        HttpResponse<String> unknownBlocked = ConsoleClient.from(address()).signIn(unknown, "guess-again-1");
        assertEquals(429, knownBlocked.statusCode(), knownBlocked::body);
        assertEquals(429, unknownBlocked.statusCode(), "an unknown name is slowed the same way");
        assertEquals(
                errorOf(knownBlocked.body()).replaceAll("\\d+", "N"),
                errorOf(unknownBlocked.body()).replaceAll("\\d+", "N"),
                "in the same words (the seconds left aside)");
        assertTrue(knownBlocked.headers().firstValue("Retry-After").isPresent());

        assertEquals(
                303, owner.signIn(user, PASSWORD).statusCode(), "the owner's browser is never locked out by strangers");
        assertEquals(200, owner.get("/console/").statusCode());
    }

    @Test
    void aClientThatKeepsGuessingWaitsWhateverNamesItTriesAndOthersDoNot() {
        ConsoleClient guesser = ConsoleClient.from(address());
        int refusedAt = -1;
        for (int i = 1; i <= 15 && refusedAt < 0; i++) {
            HttpResponse<String> reply = guesser.signIn("name-" + UUID.randomUUID(), "guess-" + i);
            if (reply.statusCode() == 429) {
                refusedAt = i;
            }
        }
        // every try named a new user, so only the client's own record can have made it wait
        assertTrue(refusedAt > 1, "the client was slowed after its free tries: " + refusedAt);
        assertEquals(
                303,
                ConsoleClient.from(address())
                        .signIn(ConsoleClient.adminUser(), ConsoleClient.adminPassword())
                        .statusCode(),
                "other clients do not wait");
    }

    @Test
    void signingInAgainEndsTheEarlierSession() {
        String user = newUser();
        ConsoleClient browser = ConsoleClient.from(address());
        assertEquals(303, browser.signIn(user, PASSWORD).statusCode());
        String first = browser.sessionCookie();
        assertEquals(303, browser.signIn(user, PASSWORD).statusCode());
        assertTrue(!first.equals(browser.sessionCookie()), "a new session");
        HttpResponse<String> old = ConsoleClient.withSession(first).get("/console/");
        assertEquals(302, old.statusCode(), "the earlier session is over: " + old.body());
    }

    private static String newUser() {
        String user = "signin-" + UUID.randomUUID().toString().substring(0, 8);
        ConsoleClient.admin().createUser(user, "support", "temporary-password-1");
        ConsoleClient.from(address()).signInFirstTime(user, "temporary-password-1", PASSWORD);
        return user;
    }

    /** A client address of its own for each call (documentation prefix, never routed). */
    private static String address() {
        String hex = UUID.randomUUID().toString().replace("-", "");
        return "2001:db8:" + hex.substring(0, 4) + ":" + hex.substring(4, 8) + "::" + hex.substring(8, 12);
    }

    private static String errorOf(String html) {
        int start = html.indexOf("id=\"login-error\"");
        return start < 0 ? "" : html.substring(start, html.indexOf("</p>", start));
    }
}
