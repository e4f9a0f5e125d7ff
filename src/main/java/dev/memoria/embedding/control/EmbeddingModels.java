package dev.memoria.embedding.control;

import dev.memoria.tenant.control.TenantSql;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Logger;
import javax.sql.DataSource;

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

    @Resource(lookup = "jdbc/memoria")
    DataSource dataSource;

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
        try (Connection connection = dataSource.getConnection()) {
            try (PreparedStatement statement = sql.everyTenant(
                    connection,
                    "INSERT INTO embedding_model (model, seen_at) VALUES (?, ?) ON CONFLICT (model) DO UPDATE SET seen_at = EXCLUDED.seen_at")) {
                statement.setString(1, model);
                statement.setTimestamp(2, new Timestamp(now));
                statement.executeUpdate();
            }
            retire(connection, model, new Timestamp(now - RETIRED_AFTER.toMillis()));
        } catch (SQLException e) {
            throw new PersistenceException("Cannot record the model in use", e);
        }
        seenAt = now;
        return true;
    }

    private void retire(Connection connection, String own, Timestamp before) throws SQLException {
        List<String> retired = new ArrayList<>();
        try (PreparedStatement stale =
                sql.everyTenant(connection, "SELECT model FROM embedding_model WHERE seen_at < ? AND model <> ?")) {
            stale.setTimestamp(1, before);
            stale.setString(2, own);
            try (ResultSet rows = stale.executeQuery()) {
                while (rows.next()) {
                    retired.add(rows.getString(1));
                }
            }
        }
        for (String model : retired) {
            for (String table : List.of("fact_vector", "embedding_queue", "embedding_model")) {
                try (PreparedStatement delete =
                        sql.everyTenant(connection, "DELETE FROM " + table + " WHERE model = ?")) {
                    delete.setString(1, model);
                    delete.executeUpdate();
                }
            }
            LOG.info(() -> "Embeddings: retired " + model + ", which no server has used for " + RETIRED_AFTER.toHours()
                    + " hours");
        }
    }

    private List<String> read(long now) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = sql.everyTenant(
                        connection, "SELECT model FROM embedding_model WHERE seen_at >= ? ORDER BY model")) {
            statement.setTimestamp(1, new Timestamp(now - IN_USE.toMillis()));
            List<String> models = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    models.add(rows.getString(1));
                }
            }
            return List.copyOf(models);
        } catch (SQLException e) {
            throw new PersistenceException("Cannot read the models in use", e);
        }
    }
}
