package dev.memoria.embedding.control;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.memoria.embedding.entity.Vectors;
import dev.memoria.tenant.control.TenantEntityManager;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Exact search by cosine over a scope's vectors, held per server in a cache bounded by bytes and brought up to
 * date with the database on every search: one read of the scope's vector counters tells whether vectors were
 * written since (only those are read) or removed in bulk (a restore, a clear: the scope is read again). A fact
 * deleted since is filtered out where recall reads the facts themselves, so the database stays the one source
 * of truth and the cache can only make it faster.
 */
@ApplicationScoped
public class VectorIndex {

    public record Hit(String factId, float cosine) {}

    /** A query's similarity to the scope's facts, as of one up-to-date version of the scope's vectors. */
    public record Scores(ScopeVectors vectors, byte[] query) {

        public List<Hit> top(int k) {
            return vectors.top(query, k);
        }

        /** The fact's cosine, or NaN when it has no vector of this model yet. */
        public float cosine(String factId) {
            return vectors.cosine(factId, query);
        }

        public int size() {
            return vectors.live();
        }
    }

    private record Key(String tenant, String scope, String model) {}

    private static final int LOCKS = 64;
    private static final int PAGE = 2000;

    @Inject
    TenantEntityManager db;

    @Inject
    TenantSql tenantSql;

    @Inject
    @ConfigProperty(name = "memoria.vector.cache.mb", defaultValue = "256")
    long cacheMegabytes;

    private final Object[] locks = new Object[LOCKS];
    private volatile Cache<Key, ScopeVectors> cache;

    public VectorIndex() {
        for (int i = 0; i < LOCKS; i++) {
            locks[i] = new Object();
        }
    }

    /**
     * Where a search of the scope's vectors starts, read in one statement with what decides whether to search at
     * all: the scope's vector version ({@code null} scope creation time when the scope has no row) and whether
     * its tenant recalls by meaning.
     */
    record Lookup(String scope, ScopeVectors.Version version, boolean semanticRecall) {

        /** Whether searching can find anything: the scope exists and its tenant recalls by meaning. */
        boolean searchable() {
            return semanticRecall && version.scopeCreated() != null;
        }
    }

    Lookup lookup(String scope) {
        return tenantSql
                .list(
                        "SELECT s.created_at, s.vector_epoch, s.vector_seq,"
                                + " (SELECT t.semantic_recall FROM tenant_settings t WHERE {t.tenant}) FROM memory_scope s"
                                + " WHERE {s.tenant} AND s.scope_name = ?",
                        row -> {
                            boolean semanticRecall =
                                    row.getBoolean(4) || row.wasNull(); // no settings row: the default, on
                            return new Lookup(
                                    scope,
                                    new ScopeVectors.Version(
                                            row.getTimestamp(1).toInstant(), row.getLong(2), row.getLong(3)),
                                    semanticRecall);
                        },
                        scope)
                .stream()
                .findFirst()
                .orElseGet(() -> new Lookup(scope, new ScopeVectors.Version(null, -1, -1), false));
    }

    /** The scope's vectors of {@code model}, up to date with the looked-up version, scored against a unit query vector. */
    Scores scores(Lookup lookup, String model, float[] query) {
        String scope = lookup.scope();
        Key key = new Key(db.tenantId(), scope, model);
        ScopeVectors.Version now = lookup.version();
        ScopeVectors cached = cache().getIfPresent(key);
        if (cached == null || !current(cached.version, now)) {
            synchronized (locks[Math.floorMod(key.hashCode(), LOCKS)]) { // one reader catches up, the others wait
                cached = cache().getIfPresent(key);
                if (cached == null || !current(cached.version, now)) {
                    boolean sameRows = cached != null && sameRows(cached.version, now);
                    ScopeVectors base = sameRows ? cached : ScopeVectors.empty(now);
                    List<ScopeVectors.Row> rows = rows(scope, model, sameRows ? cached.version.seq() : -1);
                    long seq = rows.isEmpty()
                            ? now.seq()
                            : Math.max(now.seq(), rows.get(rows.size() - 1).seq());
                    cached = base.with(rows, new ScopeVectors.Version(now.scopeCreated(), now.epoch(), seq));
                    cache().put(key, cached);
                }
            }
        }
        return new Scores(cached, Vectors.quantized(query));
    }

    /** Forgets facts' vectors in this server's cache (their deletion committed here). */
    void forget(String tenant, String scope, List<String> factIds) {
        cache().asMap().forEach((key, vectors) -> {
            if (key.tenant().equals(tenant) && key.scope().equals(scope)) {
                vectors.forget(factIds);
            }
        });
    }

    private static boolean current(ScopeVectors.Version cached, ScopeVectors.Version now) {
        return sameRows(cached, now) && cached.seq() >= now.seq();
    }

    /** The same scope row and no bulk removal since: catching up by seq is enough. */
    private static boolean sameRows(ScopeVectors.Version cached, ScopeVectors.Version now) {
        return now.scopeCreated() != null
                && now.scopeCreated().equals(cached.scopeCreated())
                && cached.epoch() == now.epoch();
    }

    /**
     * The scope's vectors of the model written after {@code afterSeq}, in seq order, read a page at a time: a
     * driver reading without a transaction holds a whole result in memory, 150 MB for 100,000 vectors.
     */
    private List<ScopeVectors.Row> rows(String scope, String model, long afterSeq) {
        List<ScopeVectors.Row> rows = new ArrayList<>();
        tenantSql.withRequestConnection(
                "read the scope's vectors", connection -> readPages(connection, rows, scope, model, afterSeq));
        return rows;
    }

    private int readPages(Connection connection, List<ScopeVectors.Row> rows, String scope, String model, long afterSeq)
            throws SQLException {
        try (PreparedStatement statement = tenantSql.prepare(
                connection,
                "SELECT fact_id, seq, vector FROM fact_vector"
                        + " WHERE {tenant} AND scope_name = ? AND seq > ? AND model = ? ORDER BY seq")) {
            statement.setString(1, scope);
            statement.setString(3, model);
            statement.setMaxRows(PAGE);
            long after = afterSeq;
            int read;
            do {
                statement.setLong(2, after);
                read = 0;
                try (ResultSet row = statement.executeQuery()) {
                    while (row.next()) {
                        rows.add(new ScopeVectors.Row(
                                row.getString(1), row.getLong(2), Vectors.fromBytes(row.getBytes(3))));
                        after = row.getLong(2);
                        read++;
                    }
                }
            } while (read == PAGE);
        }
        return rows.size();
    }

    private Cache<Key, ScopeVectors> cache() {
        if (cache == null) {
            synchronized (this) {
                if (cache == null) {
                    cache = Caffeine.newBuilder()
                            .maximumWeight(cacheMegabytes * 1024 * 1024)
                            .weigher((Key key, ScopeVectors vectors) ->
                                    (int) Math.min(Integer.MAX_VALUE, vectors.bytes()))
                            .build();
                }
            }
        }
        return cache;
    }

    /** Bytes the cached vectors take on this server, and how many scopes they are of. */
    public long[] cached() {
        long bytes = 0;
        for (ScopeVectors vectors : cache().asMap().values()) {
            bytes += vectors.bytes();
        }
        return new long[] {bytes, cache().estimatedSize()};
    }
}
