package dev.memoria.embedding.control;

import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Logger;

/**
 * The models the cluster embeds with. During a rolling change of the model two of them share the database: each
 * server says once a minute which model it embeds with, a write queues its facts for every model seen lately
 * (so each server finds them by meaning with its own vectors), and a model no server has used for a day is
 * retired with its vectors and queue entries. No server ever replaces another model's vectors.
 */
@ApplicationScoped
public class EmbeddingModels {

    private static final Logger LOG = Logger.getLogger(EmbeddingModels.class.getName());
    static final Duration SEEN_EVERY = Duration.ofMinutes(1);
    /** A model seen within this time is still in use: writes queue their facts for it. */
    static final Duration IN_USE = Duration.ofMinutes(5);

    static final Duration RETIRED_AFTER = Duration.ofDays(1);
    /** How long a server trusts its list of the models in use before reading it again. */
    private static final long LIST_FOR_MILLIS = 10_000;

    @Inject
    Clock clock;

    @Inject
    TenantSql sql;

    @Inject
    Embeddings embeddings;

    private volatile List<String> listed = List.of();
    private volatile long listedAt;
    private volatile long seenAt;

    /** The models a written fact is queued for: this server's own (unless embeddings are off here) and those seen lately. */
    public List<String> inUse() {
        long now = clock.millis();
        if (now - listedAt > LIST_FOR_MILLIS) {
            listed = read(now);
            listedAt = now;
        }
        if (!embeddings.enabled()) {
            return listed;
        }
        Set<String> models = new LinkedHashSet<>(listed);
        models.add(embeddings.modelId());
        return List.copyOf(models);
    }

    /**
     * Says that this server embeds with the model, at most once a minute, and retires the models unused for a
     * day. True when this call said so (the worker's cue that writes on other servers may not have queued for
     * its model before they knew of it).
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public boolean seen(String model) {
        long now = clock.millis();
        if (now - seenAt < SEEN_EVERY.toMillis()) {
            return false;
        }
        sql.withOwnConnection("record the model in use", connection -> {
            sql.everyTenantUpdate(
                    connection,
                    "INSERT INTO embedding_model (model, seen_at) VALUES (?, ?)"
                            + " ON CONFLICT (model) DO UPDATE SET seen_at = EXCLUDED.seen_at",
                    model,
                    new Timestamp(now));
            retire(connection, model, new Timestamp(now - RETIRED_AFTER.toMillis()));
            return null;
        });
        seenAt = now;
        return true;
    }

    private void retire(Connection connection, String own, Timestamp before) throws SQLException {
        List<String> retired = sql.everyTenantRows(
                connection,
                "SELECT model FROM embedding_model WHERE seen_at < ? AND model <> ?",
                row -> row.getString(1),
                before,
                own);
        for (String model : retired) {
            for (String table : List.of("fact_vector", "embedding_queue", "embedding_model")) {
                sql.everyTenantUpdate(connection, "DELETE FROM " + table + " WHERE model = ?", model);
            }
            LOG.info(() -> "Embeddings: retired " + model + ", which no server has used for " + RETIRED_AFTER.toHours()
                    + " hours");
        }
    }

    private List<String> read(long now) {
        return List.copyOf(sql.withOwnConnection(
                "read the models in use",
                connection -> sql.everyTenantRows(
                        connection,
                        "SELECT model FROM embedding_model WHERE seen_at >= ? ORDER BY model",
                        row -> row.getString(1),
                        new Timestamp(now - IN_USE.toMillis()))));
    }
}
