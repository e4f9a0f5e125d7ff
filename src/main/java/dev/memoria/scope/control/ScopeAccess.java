package dev.memoria.scope.control;

import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantContext;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;

/** Which scopes the request's token may reach: its memory_scopes entries that are scope names, and what lies below them. */
@RequestScoped
public class ScopeAccess {

    @Inject
    TenantContext tenant;

    /** The entries last parsed, kept while the tenant context holds the same list: exports ask once a row. */
    private List<String> parsedFrom;

    private List<Scope> parsed;

    /** The scopes the token is limited to; empty when it is not limited. Entries that are not scope names reach nothing. */
    public Optional<List<Scope>> allowedScopes() {
        Optional<List<String>> claimed = tenant.memoryScopes();
        if (claimed.isEmpty()) {
            return Optional.empty();
        }
        if (claimed.get() != parsedFrom) {
            parsed = claimed.get().stream()
                    .filter(name -> Scope.problemWith(name) == null)
                    .map(Scope::of)
                    .toList();
            parsedFrom = claimed.get();
        }
        return Optional.of(parsed);
    }

    public boolean canAccess(Scope scope) {
        return allowedScopes()
                .map(allowed -> allowed.stream().anyMatch(scope::isWithin))
                .orElse(true);
    }

    public void requireAccess(Scope scope) {
        if (!canAccess(scope)) {
            throw DomainException.forbidden("The token's memory_scopes do not cover scope '" + scope + "'.");
        }
    }
}
