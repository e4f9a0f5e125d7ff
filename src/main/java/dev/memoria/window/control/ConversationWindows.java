package dev.memoria.window.control;

import dev.memoria.platform.control.Sha256;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.control.ScopeRegistry;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantSql;
import dev.memoria.window.entity.ConversationWindow;
import dev.memoria.window.entity.WindowId;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Conversation windows: one row per (scope, id), replaced in place on every save. A save touches the scope's row
 * in its transaction like every writer of the scope, so clearing or erasing the scope serialises with it and never
 * leaves a window behind. Nothing here is versioned, logged, indexed or embedded: a window is a conversation's
 * working state, not memory.
 */
@ApplicationScoped
@Transactional
public class ConversationWindows {

    public static final int MAX_CONTENT = 1_000_000;

    @Inject
    Clock clock;

    @Inject
    TenantSql sql;

    @Inject
    ScopeRegistry scopes;

    public record Saved(ConversationWindow window, boolean created) {}

    /**
     * What a save requires of the stored window (RFC 9110, 13.1): {@code ifMatch} entity tags (or {@code *}) one of
     * which it must have, or {@code ifNoneMatch} ones (or {@code *}) it must have none of; null when not sent.
     */
    public record Precondition(String ifMatch, String ifNoneMatch) {

        public static final Precondition NONE = new Precondition(null, null);

        boolean holdsFor(String currentEtag) {
            if (ifMatch != null && !matches(ifMatch, currentEtag)) {
                return false;
            }
            return ifNoneMatch == null || !matches(ifNoneMatch, currentEtag);
        }

        /** Strong comparison: a weak tag never matches; {@code *} matches any stored window. */
        private static boolean matches(String header, String currentEtag) {
            if (currentEtag == null) {
                return false;
            }
            if (header.strip().equals("*")) {
                return true;
            }
            for (String tag : header.split(",")) {
                if (tag.strip().equals(currentEtag)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** A strong validator of a window's stored content: its SHA-256, quoted. */
    public static String etag(String content) {
        return "\"" + Sha256.hex(content) + "\"";
    }

    public record Page(List<ConversationWindow> items, String lastId) {}

    public Saved save(Scope scope, String id, String content, Precondition precondition) {
        requireId(id);
        int size = content.codePointCount(0, content.length());
        if (size > MAX_CONTENT) {
            throw DomainException.invalid("content", "must be at most " + MAX_CONTENT + " characters");
        }
        Instant now = Timestamps.now(clock);
        scopes.touch(scope, now); // locks the scope's row: saves of one scope, clears and erasures run one at a time
        if (precondition.ifMatch() != null || precondition.ifNoneMatch() != null) {
            String current = stored(scope, id)
                    .map(ConversationWindow::content)
                    .map(ConversationWindows::etag)
                    .orElse(null);
            if (!precondition.holdsFor(current)) {
                throw DomainException.preconditionFailed(
                        current == null
                                ? "No window with id '" + id
                                        + "' is stored, so If-Match cannot hold; nothing was written."
                                : "The window '" + id + "' changed since it was read (its ETag is now " + current
                                        + "); read it again, apply the change and retry. Nothing was written.");
            }
        }
        int replaced = sql.query("UPDATE conversation_window SET content = ?, size = ?, updated_at = ?"
                        + " WHERE {tenant} AND scope_name = ? AND window_id = ?")
                .setParameter(1, content)
                .setParameter(2, size)
                .setParameter(3, Timestamp.from(now))
                .setParameter(4, scope.value())
                .setParameter(5, id)
                .executeUpdate();
        if (replaced == 0) {
            sql.query("INSERT INTO conversation_window ({tenant_id}, scope_name, window_id, content, size, updated_at)"
                            + " VALUES ({tenant_value}, ?, ?, ?, ?, ?)")
                    .setParameter(1, scope.value())
                    .setParameter(2, id)
                    .setParameter(3, content)
                    .setParameter(4, size)
                    .setParameter(5, Timestamp.from(now))
                    .executeUpdate();
        }
        return new Saved(new ConversationWindow(scope.value(), id, content, size, now), replaced == 0);
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public ConversationWindow get(Scope scope, String id) {
        requireId(id);
        return stored(scope, id).orElseThrow(() -> notFound(id));
    }

    private java.util.Optional<ConversationWindow> stored(Scope scope, String id) {
        List<?> rows = sql.query("SELECT content, size, updated_at FROM conversation_window"
                        + " WHERE {tenant} AND scope_name = ? AND window_id = ?")
                .setParameter(1, scope.value())
                .setParameter(2, id)
                .getResultList();
        if (rows.isEmpty()) {
            return java.util.Optional.empty();
        }
        Object[] row = (Object[]) rows.get(0);
        return java.util.Optional.of(new ConversationWindow(
                scope.value(), id, (String) row[0], ((Number) row[1]).intValue(), ((Timestamp) row[2]).toInstant()));
    }

    public void forget(Scope scope, String id) {
        requireId(id);
        // locks an existing scope as writers do; a scope that does not exist holds no window (and is not created)
        if (!scopes.lockExisting(scope)
                || sql.query("DELETE FROM conversation_window WHERE {tenant} AND scope_name = ? AND window_id = ?")
                                .setParameter(1, scope.value())
                                .setParameter(2, id)
                                .executeUpdate()
                        == 0) {
            throw notFound(id);
        }
    }

    /** Up to {@code limit} windows after the id {@code after} (null: from the first), in id order, without contents. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Page list(Scope scope, String after, int limit) {
        List<?> rows = sql.query("SELECT window_id, size, updated_at FROM conversation_window"
                        + " WHERE {tenant} AND scope_name = ? AND window_id > ? ORDER BY window_id")
                .setParameter(1, scope.value())
                .setParameter(2, after == null ? "" : after)
                .setMaxResults(limit + 1)
                .getResultList();
        List<ConversationWindow> items = new ArrayList<>();
        for (Object each : rows.subList(0, Math.min(limit, rows.size()))) {
            Object[] row = (Object[]) each;
            items.add(new ConversationWindow(
                    scope.value(),
                    (String) row[0],
                    null,
                    ((Number) row[1]).intValue(),
                    ((Timestamp) row[2]).toInstant()));
        }
        return new Page(items, rows.size() > limit ? items.get(items.size() - 1).id() : null);
    }

    private static void requireId(String id) {
        String problem = WindowId.problemWith(id);
        if (problem != null) {
            throw DomainException.invalid("id", problem);
        }
    }

    private static DomainException notFound(String id) {
        return DomainException.notFound("No window with id '" + id + "' in this scope.");
    }
}
