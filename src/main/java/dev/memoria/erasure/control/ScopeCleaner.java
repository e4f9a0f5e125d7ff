package dev.memoria.erasure.control;

import dev.memoria.audit.control.AuditLog;
import dev.memoria.fact.control.FactRepository;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.scope.control.ScopeRegistry;
import dev.memoria.scope.entity.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;

/** Empties a scope: its facts are audited as deleted, then all it holds goes, the scope itself last, in one transaction. */
@ApplicationScoped
@Transactional
public class ScopeCleaner {

    @Inject
    Clock clock;

    @Inject
    FactRepository facts;

    @Inject
    ScopeRegistry scopes;

    @Inject
    AuditLog audit;

    @Inject
    ScopeContents contents;

    public void clear(Scope scope) {
        // the scope's row first, as every writer and the embedder lock it: locked last, it deadlocked the embedder
        scopes.lockExisting(scope);
        audit.factsDeleted(AuditLog.Action.CLEAR_SCOPE, facts.rowsOf(scope), Timestamps.now(clock));
        contents.removeAll(scope.value());
    }
}
