package dev.memoria.platform.boundary;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AllowedOriginsTest {

    private final AllowedOrigins origins = new AllowedOrigins();

    AllowedOriginsTest() {
        origins.allowedHosts = "localhost,127.0.0.1,[::1],memoria.example.com";
        origins.mcpOrigins = "https://agents.example.org";
    }

    @Test
    void aListedHostIsAllowedOnAnyPortAndScheme() {
        assertTrue(origins.allows("http://localhost:9080"));
        assertTrue(origins.allows("https://Memoria.Example.com"));
        assertTrue(origins.allows("http://[::1]:9080"));
    }

    @Test
    void anyOtherHostIsRefusedWhateverTheRequestsHostSays() {
        assertFalse(origins.allows("http://rebound.example:9080"));
        assertFalse(origins.allows("http://localhost.rebound.example"));
        assertFalse(origins.allows("null"));
        assertFalse(origins.allows("file:///etc/passwd"));
        assertFalse(origins.allows("not a uri"));
    }

    @Test
    void mcpAlsoTakesWholeListedOrigins() {
        assertTrue(origins.allowsMcp("https://agents.example.org"));
        assertFalse(origins.allowsMcp("http://agents.example.org"));
        assertFalse(origins.allows("https://agents.example.org"), "listed for MCP only, not the console");
    }
}
