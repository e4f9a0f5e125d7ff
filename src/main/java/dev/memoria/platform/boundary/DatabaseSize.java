package dev.memoria.platform.boundary;

import dev.memoria.platform.control.DatabaseUrl;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Liveness;

/**
 * How large the database is, and on the embedded database whether it is past the size this server is meant to
 * carry on it. Always UP: a large database is a reason to move to an operator's PostgreSQL, not to restart.
 * Read at most once a minute: the size walks the database's files.
 */
@Liveness
@ApplicationScoped
public class DatabaseSize implements HealthCheck {

    private static final Logger LOG = Logger.getLogger(DatabaseSize.class.getName());
    private static final Duration FRESH_FOR = Duration.ofMinutes(1);

    @Resource(lookup = "jdbc/memoria")
    DataSource dataSource;

    @Inject
    Clock clock;

    @Inject
    DatabaseUrl database;

    @Inject
    @ConfigProperty(name = "MEMORIA_EMBEDDED_MAX_FACTS", defaultValue = "1000000")
    long embeddedMaxFacts;

    private record Reading(long bytes, long facts, Instant at) {}

    private volatile Reading last;

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder health =
                HealthCheckResponse.named("database_size").up().withData("embedded", database.isEmbedded());
        Reading reading = reading();
        if (reading == null) {
            return health.withData("status", "size not readable").build();
        }
        health.withData("size_mib", reading.bytes() / (1024 * 1024)).withData("facts_estimated", reading.facts());
        if (database.isEmbedded()) {
            health.withData("embedded_max_facts", embeddedMaxFacts);
            if (reading.facts() > embeddedMaxFacts) {
                health.withData(
                        "warning",
                        "past the embedded database's size: move to a PostgreSQL server (export, then import)");
            }
        }
        return health.build();
    }

    private Reading reading() {
        Reading known = last;
        if (known != null && known.at().plus(FRESH_FOR).isAfter(clock.instant())) {
            return known;
        }
        // the planner's row estimate: a COUNT(*) over a million facts is not a health check's to make
        try (Connection connection = dataSource.getConnection();
                Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT pg_database_size(current_database()),"
                        + " (SELECT GREATEST(reltuples, 0)::bigint FROM pg_class WHERE relname = 'fact'"
                        + " AND relkind = 'r' AND pg_table_is_visible(oid))")) {
            row.next();
            last = new Reading(row.getLong(1), row.getLong(2), clock.instant());
            return last;
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "Cannot read the database's size", e);
            return null;
        }
    }
}
