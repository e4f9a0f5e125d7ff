package dev.memoria.agent.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.memoria.scope.entity.Scope;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class McpDispatcherTest {

    @Test
    void negotiatesKnownVersionsAndOffersTheLatestOtherwise() {
        assertEquals("2025-03-26", McpDispatcher.negotiate("2025-03-26"));
        assertEquals("2025-06-18", McpDispatcher.negotiate("2025-06-18"));
        assertEquals("2025-06-18", McpDispatcher.negotiate("2025-11-25"));
    }

    @Test
    void resourceUrisNameAScope() {
        assertEquals(
                Optional.of(Scope.of("agent:bot:user:42")),
                McpDispatcher.resourceScope("memory://agent:bot:user:42/MEMORY.md"));
        assertEquals(Optional.empty(), McpDispatcher.resourceScope("memory://user 42/MEMORY.md"));
        assertEquals(Optional.empty(), McpDispatcher.resourceScope("memory://user:42/notes.md"));
        assertEquals(Optional.empty(), McpDispatcher.resourceScope("file:///etc/passwd"));
    }
}
