package dev.memoria.erasure.control;

import dev.memoria.audit.control.AuditLog;
import dev.memoria.dailylog.control.DailyLogRepository;
import dev.memoria.fact.control.FactHistory;
import dev.memoria.fact.control.FactRepository;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.recall.control.KeywordIndex;
import dev.memoria.scope.control.ScopeRegistry;
import dev.memoria.scope.entity.Scope;
import dev.memoria.scope.entity.ScopeCleared;
import dev.memoria.snapshot.control.SnapshotRepository;
import dev.memoria.tenant.control.TenantEntityManager;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;

/** Empties a scope: facts, index, logs, snapshots and conversation windows, then the scope itself, in one transaction. */
@ApplicationScoped
@Transactional
public class ScopeCleaner {

    @Inject
    Clock clock;

    @Inject
    TenantSql sql;

    @Inject
    TenantEntityManager db;

    @Inject
    KeywordIndex index;

    @Inject
    DailyLogRepository logs;

    @Inject
    SnapshotRepository snapshots;

    @Inject
    FactRepository facts;

    @Inject
    FactHistory history;

    @Inject
    ScopeRegistry scopes;

    @Inject
    AuditLog audit;

    @Inject
    Event<ScopeCleared> cleared;

    public void clear(Scope scope) {
        // the scope's row first, as every writer and the embedder lock it: locked last, it deadlocked the embedder
        scopes.lockExisting(scope);
        cleared.fire(new ScopeCleared(scope.value()));
        audit.factsDeleted(AuditLog.Action.CLEAR_SCOPE, facts.rowsOf(scope), Timestamps.now(clock));
        index.clear(scope.value());
        db.get()
                .createQuery("DELETE FROM Fact f WHERE f.scopeName = :scope")
                .setParameter("scope", scope.value())
                .executeUpdate();
        history.forgetScope(scope.value());
        logs.deleteAll(scope.value());
        snapshots.deleteAll(scope.value());
        sql.query("DELETE FROM conversation_window WHERE {tenant} AND scope_name = ?")
                .setParameter(1, scope.value())
                .executeUpdate();
        sql.query("DELETE FROM memory_scope WHERE {tenant} AND scope_name = ?")
                .setParameter(1, scope.value())
                .executeUpdate();
    }
}
