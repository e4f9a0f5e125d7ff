package it.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The test server's clock, moved forward through the test hooks (MEMORIA_TEST_HOOKS) instead of sleeping past a
 * TTL. It only ever moves forward, so every test still sees time pass in order.
 */
public final class ServerTime {

    private ServerTime() {}

    /** Moves the server's clock {@code seconds} ahead; {@code admin} holds the admin role in any tenant. */
    public static void advance(Api admin, int seconds) {
        Api.Reply reply = admin.post("api/v1/test-hooks/clock:advance?seconds=" + seconds, "");
        assertEquals(200, reply.status(), reply::toString);
    }
}
