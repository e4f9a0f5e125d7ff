package dev.memoria.erasure.control;

import dev.memoria.erasure.entity.ErasureReceipt;
import dev.memoria.fact.control.FactRepository;
import dev.memoria.fact.control.FactWrites;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactsRemoved;
import dev.memoria.platform.control.InLists;
import dev.memoria.platform.control.SqlLike;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.scope.control.ScopeRegistry;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Erases in one scope, in one transaction of its own, so a scope is either untouched or fully erased whatever
 * happens to the erasure around it: all of the scope (its facts, postings, vectors, daily log, snapshots and the
 * scope itself), or only the facts whose content holds a text, with their log entries and snapshot copies. The
 * removed contents are read once as they go, into the erasure's digest; they are bulk-deleted, not loaded.
 */
@ApplicationScoped
public class ScopeEraser {

    private static final ErasureReceipt.Erased NOTHING = new ErasureReceipt.Erased(0, 0, 0, 0, null);

    @Inject
    Clock clock;

    @Inject
    TenantSql tenantSql;

    @Inject
    ScopeRegistry scopes;

    @Inject
    FactRepository facts;

    @Inject
    FactWrites writes;

    @Inject
    ScopeContents contents;

    /** All of the scope. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public ErasureReceipt.Erased eraseScope(String scope, MessageDigest digest) {
        if (!scopes.lockExisting(Scope.of(scope))) { // locked, no writer adds to it meanwhile; or already erased
            return NOTHING;
        }
        long factCount =
                digest(digest, "SELECT content FROM fact WHERE {tenant} AND scope_name = ? ORDER BY id", scope);
        long logCount = digest(
                digest, "SELECT content FROM daily_log_entry WHERE {tenant} AND scope_name = ? ORDER BY id", scope);
        long snapshotFacts = digest(
                digest,
                "SELECT sf.content " + ScopeContents.SNAPSHOT_FACTS + " ORDER BY sf.snapshot_id, sf.fact_id",
                scope);
        long snapshots = count("SELECT COUNT(*) FROM snapshot WHERE {tenant} AND scope_name = ?", scope);
        long windows = digest(
                digest,
                "SELECT content FROM conversation_window WHERE {tenant} AND scope_name = ? ORDER BY window_id",
                scope);
        contents.removeAll(scope);
        return new ErasureReceipt.Erased(factCount, logCount, snapshots, snapshotFacts, windows, null);
    }

    /** The scope's facts whose content holds {@code text} (any case), their log entries and their snapshot copies. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public ErasureReceipt.Erased eraseContaining(String scope, String text, MessageDigest digest) {
        String pattern = containing(text);
        if (!scopes.lockExisting(Scope.of(scope))) {
            return NOTHING;
        }
        Map<String, String> matching = rows(
                "SELECT id, content FROM fact WHERE {tenant} AND scope_name = ?"
                        + " AND LOWER(content) LIKE ? ESCAPE '\\' ORDER BY id",
                scope,
                pattern);
        matching.values().forEach(content -> feed(digest, content));
        Map<String, String> entries = rows(
                "SELECT id, content FROM daily_log_entry WHERE {tenant} AND scope_name = ?"
                        + " AND LOWER(content) LIKE ? ESCAPE '\\' ORDER BY id",
                scope,
                pattern);
        for (List<String> ids : InLists.of(matching.keySet())) { // the entries of the facts, whatever their own text
            entries.putAll(rows(
                    "SELECT id, content FROM daily_log_entry WHERE {tenant} AND scope_name = ? AND fact_id IN ("
                            + InLists.marks(ids.size()) + ") ORDER BY id",
                    concat(scope, ids)));
        }
        entries.values().forEach(content -> feed(digest, content));
        Map<String, String> copies = rows(
                "SELECT sf.snapshot_id || ' ' || sf.fact_id, sf.content FROM snapshot_fact sf"
                        + " JOIN snapshot s ON {s.tenant_id} = {sf.tenant_id} AND s.id = sf.snapshot_id WHERE {s.tenant} AND s.scope_name = ?"
                        + " AND LOWER(sf.content) LIKE ? ESCAPE '\\' ORDER BY sf.snapshot_id, sf.fact_id",
                scope,
                pattern);
        copies.values().forEach(content -> feed(digest, content));
        Map<String, String> windows = rows(
                "SELECT window_id, content FROM conversation_window WHERE {tenant} AND scope_name = ?"
                        + " AND LOWER(content) LIKE ? ESCAPE '\\' ORDER BY window_id",
                scope,
                pattern);
        windows.values().forEach(content -> feed(digest, content));

        if (!matching.isEmpty()) {
            List<Fact> gone = facts.rowsAmong(Scope.of(scope), matching.keySet());
            writes.remove(Scope.of(scope), gone, FactsRemoved.Reason.ERASED, Timestamps.now(clock));
            facts.flush();
        }
        for (String entry : entries.keySet()) {
            update("DELETE FROM daily_log_entry WHERE {tenant} AND id = ?", entry);
        }
        // older versions that held the text, of facts that no longer do
        update(
                "DELETE FROM fact_version WHERE {tenant} AND scope_name = ? AND LOWER(content) LIKE ? ESCAPE '\\'",
                scope,
                pattern);
        List<String> snapshotsTouched = new ArrayList<>();
        for (String copy : copies.keySet()) {
            String[] ids = copy.split(" ");
            update("DELETE FROM snapshot_fact WHERE {tenant} AND snapshot_id = ? AND fact_id = ?", ids[0], ids[1]);
            if (!snapshotsTouched.contains(ids[0])) {
                snapshotsTouched.add(ids[0]);
            }
        }
        for (String snapshot : snapshotsTouched) {
            update(
                    "UPDATE snapshot SET fact_count = (SELECT COUNT(*) FROM snapshot_fact WHERE {tenant} AND snapshot_id = ?)"
                            + " WHERE {tenant} AND id = ?",
                    snapshot,
                    snapshot);
        }
        for (String window : windows.keySet()) {
            update(
                    "DELETE FROM conversation_window WHERE {tenant} AND scope_name = ? AND window_id = ?",
                    scope,
                    window);
        }
        return new ErasureReceipt.Erased(matching.size(), entries.size(), 0, copies.size(), windows.size(), null);
    }

    /** The LIKE pattern, over lower-cased text, of a text holding {@code text} (any case). */
    static String containing(String text) {
        return "%" + SqlLike.escape(text.toLowerCase(Locale.ROOT)) + "%";
    }

    /** What {@link #eraseScope} would remove now (no digest). */
    @Transactional(Transactional.TxType.SUPPORTS)
    public ErasureReceipt.Erased countScope(String scope) {
        return contents.count(scope);
    }

    /** What {@link #eraseContaining} would remove now (no digest). */
    @Transactional(Transactional.TxType.SUPPORTS)
    public ErasureReceipt.Erased countContaining(String scope, String text) {
        String pattern = containing(text);
        String matching = "SELECT id FROM fact WHERE {tenant} AND scope_name = ? AND LOWER(content) LIKE ? ESCAPE '\\'";
        return new ErasureReceipt.Erased(
                count("SELECT COUNT(*) FROM (" + matching + ") m", scope, pattern),
                count(
                        "SELECT COUNT(*) FROM daily_log_entry e WHERE {e.tenant} AND e.scope_name = ? AND (LOWER(e.content)"
                                + " LIKE ? ESCAPE '\\' OR e.fact_id IN (" + matching + "))",
                        scope,
                        pattern,
                        scope,
                        pattern),
                0,
                count(
                        "SELECT COUNT(*) FROM snapshot_fact sf JOIN snapshot s ON {s.tenant_id} = {sf.tenant_id} AND s.id = sf.snapshot_id"
                                + " WHERE {s.tenant} AND s.scope_name = ? AND LOWER(sf.content) LIKE ? ESCAPE '\\'",
                        scope,
                        pattern),
                count(
                        "SELECT COUNT(*) FROM conversation_window WHERE {tenant} AND scope_name = ?"
                                + " AND LOWER(content) LIKE ? ESCAPE '\\'",
                        scope,
                        pattern),
                null);
    }

    private long digest(MessageDigest digest, String sql, String scope) {
        return tenantSql.withRequestConnection("read what the erasure removes", connection -> {
            long rows = 0;
            try (PreparedStatement statement = tenantSql.prepare(connection, sql)) {
                statement.setString(1, scope);
                statement.setFetchSize(1000);
                try (ResultSet row = statement.executeQuery()) {
                    while (row.next()) {
                        feed(digest, row.getString(1));
                        rows++;
                    }
                }
            }
            return rows;
        });
    }

    private Map<String, String> rows(String sql, Object... parameters) {
        Map<String, String> rows = new LinkedHashMap<>();
        tenantSql
                .list(sql, row -> Map.entry(row.getString(1), row.getString(2)), parameters)
                .forEach(row -> rows.put(row.getKey(), row.getValue()));
        return rows;
    }

    private long count(String sql, Object... parameters) {
        var query = tenantSql.query(sql);
        for (int i = 0; i < parameters.length; i++) {
            query.setParameter(i + 1, parameters[i]);
        }
        return ((Number) query.getSingleResult()).longValue();
    }

    private void update(String sql, Object... parameters) {
        var query = tenantSql.query(sql);
        for (int i = 0; i < parameters.length; i++) {
            query.setParameter(i + 1, parameters[i]);
        }
        query.executeUpdate();
    }

    private static Object[] concat(String scope, List<String> ids) {
        List<Object> all = new ArrayList<>();
        all.add(scope);
        all.addAll(ids);
        return all.toArray();
    }

    /** Each content is followed by a NUL, so "ab","c" and "a","bc" digest apart. */
    static void feed(MessageDigest digest, String content) {
        digest.update(content.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
    }
}
