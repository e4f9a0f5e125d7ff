package dev.memoria.console.control;

import dev.memoria.audit.control.AuditLog;
import dev.memoria.audit.control.DeletedIdentifiers;
import dev.memoria.fact.entity.Fact;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.recall.control.RecallService;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantContext;
import dev.memoria.tenant.control.TenantEntityManager;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Support's search over every tenant (or one): a fact by its id, facts by their exact key, facts by their
 * words, ranked by BM25 scope by scope as GET /search ranks them, and by meaning where the scope has vectors
 * (nearest first, above {@link #MEANING_FLOOR}); and the deleted-text check, which hashes a text
 * as the audit log digests deleted content and finds the deletions with that digest. The text itself is never
 * stored nor logged. Every statement over all tenants goes through {@link TenantSql#everyTenant}; the word search
 * binds each tenant in turn and reads through the tenant-bound RecallService.
 *
 * <p>Bounds: the word search visits at most {@link #MAX_SCOPES} scopes (most recently written first), asks each
 * for its best {@link #PER_SCOPE} facts, and stops starting new scopes after {@link #TIME_BUDGET}; the page says
 * how many scopes it searched of how many. Id and key lookups are index reads (the primary key, and the key
 * index, which leads with the key).
 */
@ApplicationScoped
public class SupportSearch {

    public static final int MAX_SCOPES = 200;
    public static final int PER_SCOPE = 5;
    public static final int MAX_HITS = 100;
    public static final Duration TIME_BUDGET = Duration.ofSeconds(3);
    /**
     * The cosine a fact found by meaning alone must reach: "relocation" finds "Moved to Berlin, Germany" (0.48 with
     * the default model), unrelated facts of a scope stay below (0.0-0.3), so a search does not list every scope's
     * nearest fact.
     */
    /**
     * Raw cosine (MiniLM) a fact needs to be listed by meaning: on the profile dev set (bench.ProfileRecallBench),
     * 0.4 listed the answer for 0.46 of the reported questions, 0.2 for 0.91 with about one other fact besides.
     */
    static final double MEANING_FLOOR = 0.2;

    static final int MAX_DELETIONS = 50;
    /** A check over all tenants reads at most this many tenants' keys. */
    static final int MAX_KEYED_TENANTS = 1_000;

    /** One fact found: where it lives, what it says in a line, whether it is current, and how it was found. */
    public record Hit(
            String tenant,
            String scope,
            String id,
            String key,
            String title,
            String excerpt,
            boolean current,
            String how) {}

    /** What the word search covered. */
    public record Coverage(int scopesSearched, int scopesTotal, boolean outOfTime) {
        public boolean complete() {
            return scopesSearched == scopesTotal;
        }
    }

    public record Result(List<Hit> hits, Coverage coverage) {}

    @Inject
    Clock clock;

    @Inject
    TenantSql tenantSql;

    @Inject
    TenantContext tenantContext;

    @Inject
    TenantEntityManager db;

    @Inject
    RecallService recall;

    /** Facts with the id, then with the key, then by words; a fact found twice is listed once. */
    public Result find(String tenant, String query, String actor) {
        Instant now = Timestamps.now(clock);
        Map<String, Hit> hits = new LinkedHashMap<>();
        exact(tenant, "f.id = ?", query, "id", now)
                .forEach(hit -> hits.putIfAbsent(hit.tenant() + " " + hit.id(), hit));
        exact(tenant, "f.fact_key = ?", query, "key", now)
                .forEach(hit -> hits.putIfAbsent(hit.tenant() + " " + hit.id(), hit));
        Coverage coverage = words(tenant, query, actor, now, hits);
        return new Result(List.copyOf(hits.values()).subList(0, Math.min(hits.size(), MAX_HITS)), coverage);
    }

    /**
     * A deletion (or a console edit) found for a text, what of the deleted text it matched, and the snapshots that
     * still hold a copy of the fact.
     */
    public record FoundDeletion(ConsoleAuditTrail.Entry entry, String matched, List<SnapshotCopy> copies) {

        public FoundDeletion(ConsoleAuditTrail.Entry entry, String matched) {
            this(entry, matched, List.of());
        }

        public FoundDeletion withCopies(List<SnapshotCopy> copies) {
            return new FoundDeletion(entry, matched, copies);
        }
    }

    /** A snapshot holding a copy of a fact: restoring it brings the fact back. */
    public record SnapshotCopy(String scope, String name, Instant takenAt) {}

    /** A snapshot's copy of a fact that is no longer in memory (deleted, expired, erased from memory only). */
    public record SnapshotHit(
            String tenant, String scope, String snapshot, Instant takenAt, String factId, String excerpt) {}

    /**
     * Snapshot copies of facts no longer in memory whose text holds the words as typed (case aside): restoring the
     * snapshot would bring them back, so a "was it deleted?" answer must name them. At most {@value #MAX_DELETIONS}.
     */
    public List<SnapshotHit> inSnapshotsOnly(String tenant, String words) {
        if (words.isBlank() || words.length() > 1000) {
            return List.of();
        }
        String sql = "SELECT {sf.tenant_id}, s.scope_name, s.name, s.created_at, sf.fact_id, sf.content"
                + " FROM snapshot_fact sf JOIN snapshot s ON {s.tenant_id} = {sf.tenant_id} AND s.id = sf.snapshot_id"
                + " WHERE LOWER(sf.content) LIKE ? ESCAPE '\\'"
                + (tenant == null ? "" : " AND {sf.tenant_id} = ?")
                + " AND NOT EXISTS (SELECT 1 FROM fact f WHERE {f.tenant_id} = {sf.tenant_id} AND f.id = sf.fact_id)"
                + " ORDER BY s.created_at DESC LIMIT ?";
        return query(connection -> {
            try (PreparedStatement statement = tenantSql.everyTenant(connection, sql)) {
                int p = 1;
                statement.setString(
                        p++,
                        "%"
                                + dev.memoria.platform.control.SqlLike.escape(
                                        words.strip().toLowerCase(java.util.Locale.ROOT))
                                + "%");
                if (tenant != null) {
                    statement.setString(p++, tenant);
                }
                statement.setInt(p, MAX_DELETIONS);
                List<SnapshotHit> hits = new ArrayList<>();
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        String content =
                                rows.getString(6).replaceAll("\\s+", " ").strip();
                        hits.add(new SnapshotHit(
                                rows.getString(1),
                                rows.getString(2),
                                rows.getString(3),
                                rows.getTimestamp(4).toInstant(),
                                rows.getString(5),
                                content.length() <= 140 ? content : content.substring(0, 139) + "…"));
                    }
                }
                return hits;
            }
        });
    }

    /** The snapshots of the tenant that still hold a copy of this fact, newest first. */
    public List<SnapshotCopy> snapshotsHolding(String tenant, String factId) {
        if (factId == null || factId.length() > 36) {
            return List.of();
        }
        String sql = "SELECT s.scope_name, s.name, s.created_at FROM snapshot_fact sf JOIN snapshot s"
                + " ON {s.tenant_id} = {sf.tenant_id} AND s.id = sf.snapshot_id"
                + " WHERE {sf.tenant_id} = ? AND sf.fact_id = ? ORDER BY s.created_at DESC LIMIT ?";
        return query(connection -> {
            try (PreparedStatement statement = tenantSql.everyTenant(connection, sql)) {
                statement.setString(1, tenant);
                statement.setString(2, factId);
                statement.setInt(3, MAX_DELETIONS);
                List<SnapshotCopy> copies = new ArrayList<>();
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        copies.add(new SnapshotCopy(
                                rows.getString(1),
                                rows.getString(2),
                                rows.getTimestamp(3).toInstant()));
                    }
                }
                return copies;
            }
        });
    }

    /** The deletions (and console edits, which keep the old content's digest) of exactly this text, newest first. */
    public List<ConsoleAuditTrail.Entry> deleted(String tenant, String text) {
        return audited(tenant, "digest", AuditLog.sha256(text));
    }

    /**
     * The deletions whose text was this one (in any case and spacing) or held an identifier of it (a phone number,
     * an e-mail address, a long number, a name), found by the tenant's keyed digests; newest first.
     */
    public List<FoundDeletion> deletedHolding(String tenant, String fragment) {
        return query(connection -> {
            Map<String, byte[]> keys = new LinkedHashMap<>();
            String keySql = "SELECT {tenant_id}, secret FROM audit_key"
                    + (tenant == null ? "" : " WHERE {tenant_id} = ?") + " ORDER BY {tenant_id} LIMIT ?";
            try (PreparedStatement statement = tenantSql.everyTenant(connection, keySql)) {
                int p = 1;
                if (tenant != null) {
                    statement.setString(p++, tenant);
                }
                statement.setInt(p, MAX_KEYED_TENANTS);
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        keys.put(rows.getString(1), java.util.HexFormat.of().parseHex(rows.getString(2)));
                    }
                }
            }
            List<FoundDeletion> found = new ArrayList<>();
            for (Map.Entry<String, byte[]> key : keys.entrySet()) {
                List<String> words = DeletedIdentifiers.lookups(key.getValue(), fragment);
                String sql = "SELECT " + ConsoleAuditTrail.Entry.COLUMNS
                        + ", identifiers FROM audit_event WHERE {tenant_id} = ? AND identifiers IS NOT NULL AND ("
                        + String.join(" OR ", java.util.Collections.nCopies(words.size(), "identifiers LIKE ?"))
                        + ") ORDER BY at DESC, id DESC LIMIT ?";
                try (PreparedStatement statement = tenantSql.everyTenant(connection, sql)) {
                    int p = 1;
                    statement.setString(p++, key.getKey());
                    for (String word : words) {
                        statement.setString(p++, "%" + word + "%");
                    }
                    statement.setInt(p, MAX_DELETIONS);
                    try (ResultSet rows = statement.executeQuery()) {
                        while (rows.next()) {
                            String identifiers = rows.getString(10);
                            DeletedIdentifiers.Kind kind = words.stream()
                                    .filter(identifiers::contains)
                                    .map(DeletedIdentifiers::kindOf)
                                    .min(java.util.Comparator.naturalOrder())
                                    .orElse(DeletedIdentifiers.Kind.TEXT);
                            found.add(new FoundDeletion(ConsoleAuditTrail.Entry.read(rows), kind.description()));
                        }
                    }
                }
            }
            return found;
        });
    }

    /** What the audit log holds of the fact with this id: its deletion, or a console edit of it. */
    public List<ConsoleAuditTrail.Entry> auditedFact(String tenant, String factId) {
        return factId.length() > 36 ? List.of() : audited(tenant, "fact_id", factId);
    }

    private List<ConsoleAuditTrail.Entry> audited(String tenant, String column, String digest) {
        String sql = "SELECT " + ConsoleAuditTrail.Entry.COLUMNS + " FROM audit_event WHERE "
                + column + " = ? "
                + (tenant == null ? "" : "AND {tenant_id} = ? ")
                + "ORDER BY at DESC, id DESC LIMIT ?";
        return query(connection -> {
            try (PreparedStatement statement = tenantSql.everyTenant(connection, sql)) {
                int p = 1;
                statement.setString(p++, digest);
                if (tenant != null) {
                    statement.setString(p++, tenant);
                }
                statement.setInt(p, MAX_DELETIONS);
                List<ConsoleAuditTrail.Entry> found = new ArrayList<>();
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        found.add(ConsoleAuditTrail.Entry.read(rows));
                    }
                }
                return found;
            }
        });
    }

    private List<Hit> exact(String tenant, String condition, String value, String how, Instant now) {
        if (value.length() > 1000) {
            return List.of();
        }
        String sql = "SELECT {f.tenant_id}, f.scope_name, f.id, f.fact_key, f.title, f.content, f.valid_to "
                + "FROM fact f WHERE " + condition
                + (tenant == null
                        ? " AND {f.tenant_id} IN (SELECT {s.tenant_id} FROM memory_scope s)"
                        : " AND {f.tenant_id} = ?")
                + " ORDER BY {f.tenant_id}, f.scope_name LIMIT ?";
        return query(connection -> {
            try (PreparedStatement statement = tenantSql.everyTenant(connection, sql)) {
                int p = 1;
                statement.setString(p++, value);
                if (tenant != null) {
                    statement.setString(p++, tenant);
                }
                statement.setInt(p, MAX_HITS);
                List<Hit> found = new ArrayList<>();
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        Timestamp validTo = rows.getTimestamp(7);
                        found.add(new Hit(
                                rows.getString(1),
                                rows.getString(2),
                                rows.getString(3),
                                rows.getString(4),
                                rows.getString(5),
                                excerpt(rows.getString(6)),
                                validTo == null || validTo.toInstant().isAfter(now),
                                how));
                    }
                }
                return found;
            }
        });
    }

    private record ScopeRef(String tenant, String scope) {}

    private Coverage words(String tenant, String query, String actor, Instant now, Map<String, Hit> hits) {
        List<ScopeRef> scopes = new ArrayList<>();
        String sql = "SELECT {tenant_id}, scope_name FROM memory_scope "
                + (tenant == null ? "" : "WHERE {tenant_id} = ? ")
                + "ORDER BY updated_at DESC, {tenant_id}, scope_name LIMIT ?";
        String count = "SELECT COUNT(*) FROM memory_scope" + (tenant == null ? "" : " WHERE {tenant_id} = ?");
        int total = query(connection -> {
            try (PreparedStatement statement = tenantSql.everyTenant(connection, sql)) {
                int p = 1;
                if (tenant != null) {
                    statement.setString(p++, tenant);
                }
                statement.setInt(p, MAX_SCOPES);
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        scopes.add(new ScopeRef(rows.getString(1), rows.getString(2)));
                    }
                }
            }
            try (PreparedStatement statement = tenantSql.everyTenant(connection, count)) {
                if (tenant != null) {
                    statement.setString(1, tenant);
                }
                try (ResultSet rows = statement.executeQuery()) {
                    rows.next();
                    return rows.getInt(1);
                }
            }
        });
        long deadline = System.nanoTime() + TIME_BUDGET.toNanos();
        RecallService.Filter withSuperseded = new RecallService.Filter(null, null, null, true);
        int searched = 0;
        boolean outOfTime = false;
        for (ScopeRef ref : scopes) {
            if (System.nanoTime() > deadline) {
                outOfTime = true;
                break;
            }
            tenantContext.bind(ref.tenant(), actor, null);
            db.forgetReads(); // objects read for one tenant are not another's
            Scope scope = Scope.of(ref.scope());
            for (Fact fact : recall.search(scope, query, PER_SCOPE, withSuperseded)) {
                hits.putIfAbsent(ref.tenant() + " " + fact.id(), hit(ref, fact, now, "words"));
            }
            for (Fact fact : recall.nearest(scope, query, PER_SCOPE, MEANING_FLOOR, withSuperseded)) {
                hits.putIfAbsent(ref.tenant() + " " + fact.id(), hit(ref, fact, now, "meaning"));
            }
            searched++;
        }
        return new Coverage(searched, total, outOfTime);
    }

    private static Hit hit(ScopeRef ref, Fact fact, Instant now, String how) {
        return new Hit(
                ref.tenant(),
                ref.scope(),
                fact.id(),
                fact.key(),
                fact.title(),
                excerpt(fact.content()),
                fact.validity().isCurrent(now),
                how);
    }

    static String excerpt(String content) {
        String oneLine = content.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= 160 ? oneLine : oneLine.substring(0, 159) + "…";
    }

    private <T> T query(TenantSql.Work<T> work) {
        return tenantSql.withOwnConnection("search the console", work);
    }
}
