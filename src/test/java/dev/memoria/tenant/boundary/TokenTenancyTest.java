package dev.memoria.tenant.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.memoria.platform.entity.DomainException;
import dev.memoria.tenant.control.TenantContext;
import jakarta.json.Json;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.junit.jupiter.api.Test;

class TokenTenancyTest {

    /** A verified token as MP-JWT hands it over: claims by name. */
    private record Token(Map<String, Object> claims) implements JsonWebToken {
        @Override
        public String getName() {
            return (String) claims.get("sub");
        }

        @Override
        public Set<String> getClaimNames() {
            return claims.keySet();
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T getClaim(String name) {
            return (T) claims.get(name);
        }

        @Override
        public String getSubject() {
            return (String) claims.get("sub");
        }
    }

    private static Token token(Object tenant, String subject, Object scopes) {
        Map<String, Object> claims = new HashMap<>();
        if (tenant != null) {
            claims.put("tenant", tenant);
        }
        if (subject != null) {
            claims.put("sub", subject);
        }
        if (scopes != null) {
            claims.put("memory_scopes", scopes);
        }
        return new Token(claims);
    }

    @Test
    void bindsTheTenantTheActorAndTheScopesTheTokenIsLimitedTo() {
        TenantContext tenant = new TenantContext();
        TokenTenancy.bind(
                token(
                        Json.createValue("acme"),
                        "agent-7",
                        Json.createArrayBuilder().add("user:42").add("global").build()),
                tenant);

        assertEquals("acme", tenant.tenantId());
        assertEquals("agent-7", tenant.actor());
        assertEquals(Optional.of(List.of("user:42", "global")), tenant.memoryScopes());
    }

    @Test
    void aTokenWithoutScopesReachesEveryScopeOfItsTenant() {
        TenantContext tenant = new TenantContext();
        TokenTenancy.bind(token("acme", "agent-7", null), tenant);

        assertTrue(tenant.isBound());
        assertFalse(tenant.memoryScopes().isPresent());
    }

    @Test
    void refusesATokenThatNamesNoValidTenantAsUnauthenticated() {
        for (Object claim : new Object[] {null, "", "Acme", "acme corp", "-acme", "a".repeat(64), 42}) {
            TenantContext tenant = new TenantContext();
            DomainException refused =
                    assertThrows(DomainException.class, () -> TokenTenancy.bind(token(claim, "x", null), tenant));
            assertEquals(DomainException.Kind.UNAUTHENTICATED, refused.kind(), String.valueOf(claim));
            assertFalse(tenant.isBound(), "nothing is bound for " + claim);
        }
    }

    @Test
    void refusesASubjectThatCouldNotBeRecordedAsTheActor() {
        for (String subject : List.of("a".repeat(256), "agent\u0000", "line\nbreak")) {
            DomainException refused = assertThrows(
                    DomainException.class, () -> TokenTenancy.bind(token("acme", subject, null), new TenantContext()));
            assertEquals(DomainException.Kind.UNAUTHENTICATED, refused.kind());
        }
    }

    @Test
    void memoryScopesMustBeAList() {
        DomainException refused = assertThrows(
                DomainException.class, () -> TokenTenancy.bind(token("acme", "x", "user:42"), new TenantContext()));
        assertEquals(DomainException.Kind.UNAUTHENTICATED, refused.kind());
        TenantContext tenant = new TenantContext();
        TokenTenancy.bind(token("acme", "x", List.of("user:42")), tenant);
        assertEquals(Optional.of(List.of("user:42")), tenant.memoryScopes(), "a plain list of strings is read too");
    }
}
