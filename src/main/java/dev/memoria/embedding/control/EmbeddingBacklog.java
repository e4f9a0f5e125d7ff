package dev.memoria.embedding.control;

import dev.memoria.platform.control.InLists;
import dev.memoria.platform.control.Sha256;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The worker's side of the embedding queue, across tenants as a job is (every statement names its tenant):
 * claiming queued facts for one server at a time, reading their texts, storing their vectors. Each step is a
 * short transaction of its own; embedding happens between them, outside any.
 */
@ApplicationScoped
public class EmbeddingBacklog {

    /** A queued fact this server took for its model, until its lease ends (then any server of the model may take it). */
    public record Claim(String tenant, String factId, String model, String scope, Timestamp queuedAt) {}

    /** What to embed for a claim, and the digest of it stored with the vector. */
    public record Text(Claim claim, String text, String hash) {}

    /** A claim tried this many times without success is dropped (and logged): it would block nothing, but loop. */
    static final int MAX_ATTEMPTS = 5;

    @Inject
    Clock clock;

    @Inject
    TenantSql tenantSql;

    /** Up to {@code max} due entries of the model, oldest first, for this server until the lease ends. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public List<Claim> claim(String server, String model, int max, Duration lease) {
        Timestamp now = new Timestamp(clock.millis());
        Timestamp until = new Timestamp(now.getTime() + lease.toMillis());
        return tenantSql.withOwnConnection(
                "claim queued facts", connection -> claimDue(connection, server, model, max, now, until));
    }

    /**
     * Servers sharing the database each take other rows: SKIP LOCKED passes over rows another claim holds. The
     * due rows are a materialized CTE, selected and locked once: as a subquery joined to the UPDATE, a backlog
     * of 100,000 facts had one claim run for minutes, locking tens of thousands of rows for 64.
     */
    private List<Claim> claimDue(
            Connection connection, String server, String model, int max, Timestamp now, Timestamp until)
            throws SQLException {
        try (PreparedStatement claim = tenantSql.everyTenant(
                connection,
                "WITH due AS MATERIALIZED (SELECT fact_id, {tenant_id}"
                        + " FROM embedding_queue WHERE model = ? AND (claimed_until IS NULL OR claimed_until < ?) ORDER BY queued_at"
                        + " LIMIT ? FOR UPDATE SKIP LOCKED) UPDATE embedding_queue q SET claimed_by = ?, claimed_until = ?,"
                        + " attempts = q.attempts + 1 FROM due WHERE q.fact_id = due.fact_id AND {q.tenant_id} = {due.tenant_id}"
                        + " AND q.model = ? RETURNING {q.tenant_id}, q.fact_id, q.model, q.scope_name, q.queued_at")) {
            claim.setString(1, model);
            claim.setTimestamp(2, now);
            claim.setInt(3, max);
            claim.setString(4, server);
            claim.setTimestamp(5, until);
            claim.setString(6, model);
            return claims(claim.executeQuery());
        }
    }

    private static List<Claim> claims(ResultSet rows) throws SQLException {
        List<Claim> claims = new ArrayList<>();
        try (rows) {
            while (rows.next()) {
                claims.add(new Claim(
                        rows.getString(1),
                        rows.getString(2),
                        rows.getString(3),
                        rows.getString(4),
                        rows.getTimestamp(5)));
            }
        }
        return claims;
    }

    /**
     * The texts to embed for the claims. A claim whose fact is gone, whose tries are used up, whose vector of
     * this model already holds the same text, or whose text has nothing to embed, is done here and now: its
     * queue entry is removed.
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public List<Text> texts(List<Claim> claims, String model) {
        return tenantSql.withOwnConnection("read the texts of queued facts", connection -> {
            List<Text> texts = new ArrayList<>();
            List<Claim> done = new ArrayList<>();
            for (Map.Entry<String, List<Claim>> tenant : byTenant(claims).entrySet()) {
                Map<String, String[]> facts = facts(connection, tenant.getKey(), tenant.getValue());
                Map<String, String> stored = storedHashes(connection, tenant.getKey(), tenant.getValue(), model);
                Map<String, Integer> attempts = attempts(connection, tenant.getKey(), tenant.getValue(), model);
                for (Claim claim : tenant.getValue()) {
                    String[] fact = facts.get(claim.factId());
                    if (fact == null || attempts.getOrDefault(claim.factId(), 0) > MAX_ATTEMPTS) {
                        done.add(claim);
                        continue;
                    }
                    String text = embeddedText(fact[0], fact[1], fact[2]);
                    String hash = Sha256.hex(text);
                    // trim(), as the models' tokenizers do: a text of control characters alone has nothing to embed
                    if (hash.equals(stored.get(claim.factId())) || text.trim().isEmpty()) {
                        done.add(claim);
                    } else {
                        texts.add(new Text(claim, text, hash));
                    }
                }
            }
            dequeueUnlessHeld(connection, done);
            return texts;
        });
    }

    /**
     * Stores one scope's new vectors: the scope's row is locked first (as every writer and deleter of the scope
     * does), so a fact deleted meanwhile is not given a vector after it is gone; each vector gets the next seq.
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public int store(String tenant, String scope, List<Text> texts, List<float[]> vectors, String model) {
        return tenantSql.withOwnConnection("store vectors", connection -> {
            long lastSeq;
            try (PreparedStatement lock = tenantSql.prepare(
                    connection,
                    tenant,
                    "UPDATE memory_scope SET vector_seq = vector_seq + ?" + " WHERE {tenant} AND scope_name = ?")) {
                lock.setLong(1, texts.size());
                lock.setString(2, scope);
                if (lock.executeUpdate() == 0) { // the scope was cleared: nothing of it is left to embed
                    dequeue(connection, texts.stream().map(Text::claim).toList());
                    return 0;
                }
            }
            try (PreparedStatement seq = tenantSql.prepare(
                    connection, tenant, "SELECT vector_seq FROM memory_scope WHERE {tenant} AND scope_name = ?")) {
                seq.setString(1, scope);
                try (ResultSet row = seq.executeQuery()) {
                    row.next();
                    lastSeq = row.getLong(1);
                }
            }
            Map<String, String[]> live =
                    facts(connection, tenant, texts.stream().map(Text::claim).toList());
            String upsert = "INSERT INTO fact_vector ({tenant_id}, fact_id, scope_name, model, text_hash, seq, vector)"
                    + " VALUES ({tenant_value}, ?, ?, ?, ?, ?, ?)"
                    + " ON CONFLICT (fact_id, {tenant_id}, model) DO UPDATE SET scope_name = EXCLUDED.scope_name,"
                    + " text_hash = EXCLUDED.text_hash, seq = EXCLUDED.seq, vector = EXCLUDED.vector";
            int stored = 0;
            try (PreparedStatement write = tenantSql.prepare(connection, tenant, upsert)) {
                long seq = lastSeq - texts.size();
                for (int i = 0; i < texts.size(); i++) {
                    seq++;
                    Text text = texts.get(i);
                    if (!live.containsKey(text.claim().factId())) {
                        continue;
                    }
                    write.setString(1, text.claim().factId());
                    write.setString(2, scope);
                    write.setString(3, model);
                    write.setString(4, text.hash());
                    write.setLong(5, seq);
                    write.setBytes(6, dev.memoria.embedding.entity.Vectors.toBytes(vectors.get(i)));
                    write.addBatch();
                    stored++;
                }
                if (stored > 0) {
                    write.executeBatch();
                }
            }
            dequeue(connection, texts.stream().map(Text::claim).toList());
            return stored;
        });
    }

    /** Removes the claims' queue entries unless their fact was queued again since (its text changed meanwhile). */
    private void dequeue(Connection connection, List<Claim> claims) throws SQLException {
        if (claims.isEmpty()) {
            return;
        }
        try (PreparedStatement delete = tenantSql.everyTenant(
                connection,
                "DELETE FROM embedding_queue WHERE {tenant_id} = ? AND fact_id = ? AND model = ? AND queued_at = ?")) {
            for (Claim claim : claims) {
                delete.setString(1, claim.tenant());
                delete.setString(2, claim.factId());
                delete.setString(3, claim.model());
                delete.setTimestamp(4, claim.queuedAt());
                delete.addBatch();
            }
            delete.executeBatch();
        }
    }

    /**
     * Removes finished claims without waiting for a row another transaction holds: that one is a deleter of the
     * scope, which removes the row itself. Not locking the scope first, waiting here could close a deadlock with it.
     */
    private void dequeueUnlessHeld(Connection connection, List<Claim> claims) throws SQLException {
        if (claims.isEmpty()) {
            return;
        }
        try (PreparedStatement delete = tenantSql.everyTenant(
                connection,
                "DELETE FROM embedding_queue WHERE ctid IN (SELECT ctid FROM embedding_queue WHERE {tenant_id} = ?"
                        + " AND fact_id = ? AND model = ? AND queued_at = ? FOR UPDATE SKIP LOCKED)")) {
            for (Claim claim : claims) {
                delete.setString(1, claim.tenant());
                delete.setString(2, claim.factId());
                delete.setString(3, claim.model());
                delete.setTimestamp(4, claim.queuedAt());
                delete.addBatch();
            }
            delete.executeBatch();
        }
    }

    /** The claimed facts that still exist: id to {key, title, content}. */
    private Map<String, String[]> facts(Connection connection, String tenant, List<Claim> claims) throws SQLException {
        return byFactId(
                connection,
                tenant,
                "SELECT id, fact_key, title, content FROM fact WHERE id IN (%s) AND {tenant}",
                claims,
                List.of(),
                row -> new String[] {row.getString(2), row.getString(3), row.getString(4)});
    }

    /**
     * What a fact's vector is made of: what it is about (its key and title) and what it says, so a question naming
     * the key finds a content that gives only the value ("emergency contact. Luis, +351 …").
     */
    static String embeddedText(String key, String title, String content) {
        StringBuilder text = new StringBuilder();
        for (String part : new String[] {key, title}) {
            if (part != null && !part.isBlank()) {
                text.append(part.strip()).append(". ");
            }
        }
        return text.append(content).toString();
    }

    private Map<String, String> storedHashes(Connection connection, String tenant, List<Claim> claims, String model)
            throws SQLException {
        return byFactId(
                connection,
                tenant,
                "SELECT fact_id, text_hash FROM fact_vector WHERE fact_id IN (%s) AND {tenant} AND model = ?",
                claims,
                List.of(model),
                row -> row.getString(2));
    }

    private Map<String, Integer> attempts(Connection connection, String tenant, List<Claim> claims, String model)
            throws SQLException {
        return byFactId(
                connection,
                tenant,
                "SELECT fact_id, attempts FROM embedding_queue WHERE fact_id IN (%s) AND {tenant} AND model = ?",
                claims,
                List.of(model),
                row -> row.getInt(2));
    }

    private interface RowValue<T> {
        T read(ResultSet row) throws SQLException;
    }

    /** Runs {@code sql} (its IN list at %s, then {@code after}'s parameters) over the claims' fact ids, a chunk at a time. */
    private <T> Map<String, T> byFactId(
            Connection connection, String tenant, String sql, List<Claim> claims, List<String> after, RowValue<T> value)
            throws SQLException {
        Map<String, T> values = new HashMap<>();
        for (List<Claim> chunk : InLists.of(claims)) {
            try (PreparedStatement read =
                    tenantSql.prepare(connection, tenant, String.format(sql, InLists.marks(chunk.size())))) {
                int parameter = 1;
                for (Claim claim : chunk) {
                    read.setString(parameter++, claim.factId());
                }
                for (String each : after) {
                    read.setString(parameter++, each);
                }
                try (ResultSet row = read.executeQuery()) {
                    while (row.next()) {
                        values.put(row.getString(1), value.read(row));
                    }
                }
            }
        }
        return values;
    }

    static Map<String, List<Claim>> byTenant(List<Claim> claims) {
        Map<String, List<Claim>> byTenant = new java.util.LinkedHashMap<>();
        claims.forEach(claim ->
                byTenant.computeIfAbsent(claim.tenant(), t -> new ArrayList<>()).add(claim));
        return byTenant;
    }
}
