package dev.memoria.console.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class RouterTest {

    @Test
    void namedSegmentsBecomeParameters() {
        assertEquals(
                Map.of("tenant", "acme", "scope", "agent:bot:user:42"),
                Router.match("/tenants/{tenant}/scopes/{scope}", "/tenants/acme/scopes/agent:bot:user:42"));
        assertEquals(Map.of(), Router.match("/", "/"));
        assertEquals(Map.of(), Router.match("/tenants", "/tenants/"));
    }

    @Test
    void aParameterIsOneNonEmptySegment() {
        assertNull(Router.match("/tenants/{tenant}", "/tenants/acme/extra"));
        assertNull(Router.match("/tenants/{tenant}/scopes", "/tenants//scopes"));
        assertNull(Router.match("/tenants/{tenant}", "/users/acme"));
    }

    @Test
    void anotherMethodOnAKnownPathIsNotANotFound() {
        Router router = new Router().get("/users", r -> null).postAdmin("/users/{u}/role", r -> null);
        assertTrue(router.route("GET", "/users").match().isPresent());
        Router.Result wrongMethod = router.route("GET", "/users/ana/role");
        assertFalse(wrongMethod.match().isPresent());
        assertTrue(wrongMethod.pathKnown());
        assertFalse(router.route("GET", "/nowhere").pathKnown());
        assertTrue(router.route("POST", "/users/ana/role")
                .match()
                .orElseThrow()
                .route()
                .adminOnly());
    }
}
