package dev.memoria.console.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SessionTokensTest {

    @Test
    void csrfTokensMatchOnlyExactly() {
        String token = SessionTokens.newToken();
        assertTrue(SessionTokens.matches(token, token));
        assertTrue(SessionTokens.matches(token, new String(token.toCharArray())));
        assertFalse(SessionTokens.matches(token, token.substring(1)));
        assertFalse(SessionTokens.matches(token, token + "x"));
        assertFalse(SessionTokens.matches(token, null), "a form without the token");
        assertFalse(SessionTokens.matches(token, ""));
        assertFalse(SessionTokens.matches(null, null), "no session token never matches");
        assertFalse(SessionTokens.matches("", ""));
    }

    @Test
    void tokensAreLongRandomAndUrlSafe() {
        String a = SessionTokens.newToken();
        assertEquals(43, a.length(), "256 bits, base64url without padding");
        assertTrue(a.matches("[A-Za-z0-9_-]+"));
        assertNotEquals(a, SessionTokens.newToken());
    }

    @Test
    void oneTimePasswordsAvoidLookAlikes() {
        String password = SessionTokens.newPassword(20);
        assertEquals(20, password.length());
        assertTrue(password.matches("[A-HJ-NP-Za-km-z2-9]+"), password);
    }
}
