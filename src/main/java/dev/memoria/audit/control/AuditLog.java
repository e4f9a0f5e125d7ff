package dev.memoria.audit.control;

import dev.memoria.audit.entity.AuditEvent;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactReinstated;
import dev.memoria.fact.entity.FactSuperseded;
import dev.memoria.fact.entity.FactsRemoved;
import dev.memoria.platform.control.PageCursor;
import dev.memoria.platform.control.Sha256;
import dev.memoria.platform.control.SqlLike;
import dev.memoria.scope.control.ScopeAccess;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantContext;
import dev.memoria.tenant.control.TenantEntityManager;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.TypedQuery;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Records every deletion in the deleting transaction, attributed to the request's actor or job. */
@ApplicationScoped
public class AuditLog {

    /** What removed a fact, or (the console's changes that delete nothing) what changed tenant data. */
    public enum Action {
        DELETE,
        CLEAR_SCOPE,
        RESTORE,
        EXPIRE,
        DECAY,
        EVICT,
        PRUNE_LOGS,
        CLEAR_LOGS,
        ERASE,
        EDIT(false),
        REINSTATE(false),
        SUPERSEDE(false),
        CHANGE_SETTINGS(false),
        CHANGE_QUOTAS(false),
        CREATE_SNAPSHOT(false),
        RESTORE_SNAPSHOT(false);

        private final boolean deletion;

        Action() {
            this(true);
        }

        Action(boolean deletion) {
            this.deletion = deletion;
        }

        public String wireName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** GET /api/v1/audit lists deletions only, as the contract says. */
        public boolean isDeletion() {
            return deletion;
        }

        static List<String> deletionNames() {
            return java.util.Arrays.stream(values())
                    .filter(Action::isDeletion)
                    .map(Action::wireName)
                    .toList();
        }
    }

    @Inject
    TenantEntityManager db;

    @Inject
    TenantContext tenant;

    @Inject
    ScopeAccess access;

    @Inject
    AuditKeys keys;

    /** Every deletion of facts is recorded as it happens, in its transaction. */
    void onRemoved(@Observes FactsRemoved removed) {
        Action action = switch (removed.reason()) {
            case FORGOTTEN -> Action.DELETE;
            case EXPIRED -> Action.EXPIRE;
            case DECAYED -> Action.DECAY;
            case EVICTED -> Action.EVICT;
            case ERASED -> Action.ERASE;
            case RESTORED -> Action.RESTORE;
        };
        factsDeleted(action, removed.facts(), removed.at());
    }

    /** A superseded fact made current again (PATCH superseded_by: null), as the contract says it is audited. */
    void onReinstated(@Observes FactReinstated reinstated) {
        record(Action.REINSTATE, reinstated.scope(), reinstated.factId(), reinstated.content(), reinstated.at());
    }

    /** A fact ended automatically by a newer one: the console lists it with its evidence, to undo. */
    void onSuperseded(@Observes FactSuperseded superseded) {
        record(Action.SUPERSEDE, superseded.scope(), superseded.factId(), superseded.content(), superseded.at());
    }

    /** Each fact's deletion, with its key and title, but an erasure's: what it erases leaves no label behind. */
    public void factsDeleted(Action action, List<Fact> facts, Instant at) {
        boolean labelled = action != Action.ERASE;
        byte[] key = labelled && !facts.isEmpty() ? keys.current() : null;
        for (Fact fact : facts) {
            persist(
                            action,
                            fact.scopeName(),
                            fact.id(),
                            fact.content(),
                            labelled ? fact.key() : null,
                            labelled ? fact.title() : null,
                            at)
                    .identifiedBy(key == null ? null : DeletedIdentifiers.stored(key, fact.content()));
        }
    }

    public void record(Action action, String scope, String factId, String deletedContent, Instant at) {
        AuditEvent event = persist(action, scope, factId, deletedContent, null, null, at);
        if (action == Action.EDIT) {
            // the text an edit replaced is confirmed as the deleted one is
            event.identifiedBy(DeletedIdentifiers.stored(keys.current(), deletedContent));
        }
    }

    private AuditEvent persist(
            Action action, String scope, String factId, String deletedContent, String key, String title, Instant at) {
        // eviction is the system's doing even inside a person's write
        String actor = action == Action.EVICT
                ? "job:capacity"
                : tenant.actor() == null || tenant.actor().isBlank() ? "unknown" : tenant.actor();
        AuditEvent event =
                new AuditEvent(at, actor, action.wireName(), scope, factId, sha256(deletedContent), key, title);
        db.get().persist(event);
        return event;
    }

    /**
     * Deletions, newest first, keyset-paged; up to {@code limit + 1} rows so the caller can tell if more follow.
     * A token limited by memory_scopes sees only the deletions in its scopes and below them.
     */
    public List<AuditEvent> page(PageCursor after, int limit) {
        StringBuilder jpql = new StringBuilder("SELECT e FROM AuditEvent e WHERE e.action IN :deletions");
        Map<String, Object> params = new HashMap<>(Map.of("deletions", Action.deletionNames()));
        access.allowedScopes().ifPresent(visible -> {
            List<String> alternatives = new ArrayList<>();
            for (Scope scope : visible) {
                alternatives.add("e.scopeName = :scope" + params.size());
                params.put("scope" + params.size(), scope.value());
                alternatives.add("e.scopeName LIKE :scope" + params.size() + " ESCAPE '\\'");
                params.put("scope" + params.size(), SqlLike.escape(scope.value()) + ":%");
            }
            jpql.append(alternatives.isEmpty() ? " AND 1 = 0" : " AND (" + String.join(" OR ", alternatives) + ")");
        });
        if (after != null) {
            jpql.append(" AND (e.at < :at OR (e.at = :at AND e.id < :id))");
            params.put("at", after.time());
            params.put("id", after.id());
        }
        TypedQuery<AuditEvent> query = db.get().createQuery(jpql + " ORDER BY e.at DESC, e.id DESC", AuditEvent.class);
        params.forEach(query::setParameter);
        return query.setMaxResults(limit + 1).getResultList();
    }

    /** The digest the audit log keeps of a deleted content (never the content itself). */
    public static String sha256(String text) {
        return Sha256.hex(text);
    }
}
