package dev.memoria.scope.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantContext;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ScopeAccessTest {

    private static ScopeAccess limitedTo(List<String> memoryScopes) {
        TenantContext tenant = new TenantContext();
        tenant.bind("acme", "agent", memoryScopes);
        ScopeAccess access = new ScopeAccess();
        access.tenant = tenant;
        return access;
    }

    @Test
    void aTokenWithoutMemoryScopesReachesEveryScope() {
        ScopeAccess access = limitedTo(null);

        assertEquals(Optional.empty(), access.allowedScopes());
        assertTrue(access.canAccess(Scope.of("user:42")));
        assertTrue(access.canAccess(Scope.of("global")));
    }

    @Test
    void aScopeAndWhatLiesBelowItSegmentBySegment() {
        ScopeAccess access = limitedTo(List.of("user:42"));

        assertTrue(access.canAccess(Scope.of("user:42")));
        assertTrue(access.canAccess(Scope.of("user:42:project:x")));
        assertFalse(access.canAccess(Scope.of("user:421")), "a longer name is another scope, not one below");
        assertFalse(access.canAccess(Scope.of("user")), "nor the scope above");
        assertFalse(access.canAccess(Scope.of("global")));
    }

    @Test
    void entriesThatAreNoScopeNamesReachNothing() {
        ScopeAccess access = limitedTo(List.of("user:*", "", "../user:42", "agent:bot"));

        assertEquals(Optional.of(List.of(Scope.of("agent:bot"))), access.allowedScopes());
        assertFalse(access.canAccess(Scope.of("user:42")));
        assertTrue(access.canAccess(Scope.of("agent:bot:user:42")));
    }

    @Test
    void anEmptyListReachesNoScope() {
        ScopeAccess access = limitedTo(List.of());

        assertFalse(access.canAccess(Scope.of("global")));
        DomainException refused = assertThrows(DomainException.class, () -> access.requireAccess(Scope.of("user:42")));
        assertEquals(DomainException.Kind.FORBIDDEN, refused.kind());
        assertTrue(refused.getMessage().contains("user:42"), refused.getMessage());
    }
}
