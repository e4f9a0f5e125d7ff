package dev.memoria.platform.control;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Applies db-migrations/ before anything else touches the database, and makes the embedded database write
 * each commit before it is acknowledged. The persistent timer tables share the schema and exist before this
 * runs, so an unknown non-empty schema is baselined at version 0.
 */
@Startup
@Singleton
@TransactionManagement(TransactionManagementType.BEAN)
public class DatabaseMigration {

    private static final Logger LOG = Logger.getLogger(DatabaseMigration.class.getName());
    private static final int EMBEDDED_LOCK_TIMEOUT_MILLIS = 60_000;

    @Resource(lookup = "jdbc/memoria")
    DataSource dataSource;

    @PostConstruct
    void prepare() {
        configureEmbeddedDatabase();
        migrate();
    }

    /**
     * Two settings of H2's own, which hold for an operator's H2 URL too. WRITE_DELAY: H2 wrote committed
     * changes to its file up to 500 ms later, and a SIGKILL lost batches it had acknowledged; with 0 every
     * commit is in the file (the operating system's cache) when it returns. LOCK_TIMEOUT: a writer waited
     * at most 2 s for a scope another writer held, and then failed; PostgreSQL waits as long as it takes.
     */
    private void configureEmbeddedDatabase() {
        try (Connection connection = dataSource.getConnection()) {
            if (connection.getMetaData().getDatabaseProductName().equals("H2")) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute("SET WRITE_DELAY 0");
                    statement.execute("SET DEFAULT_LOCK_TIMEOUT " + EMBEDDED_LOCK_TIMEOUT_MILLIS);
                    statement.execute("SET LOCK_TIMEOUT " + EMBEDDED_LOCK_TIMEOUT_MILLIS); // this pooled session's own
                }
                LOG.info("Embedded database: every commit is written to its file before it is acknowledged");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot configure the embedded database", e);
        }
    }

    /**
     * Flyway finds a classpath folder inside Liberty only by a file in it: the empty {@code flyway.location} files of
     * db-migrations/ and of src/main/resources/db/callback/ are that marker, never dead code (without them no
     * migration runs and Flyway logs an error for the callback folder). {@code FlywayLocationsTest} keeps them.
     */
    private void migrate() {
        MigrateResult result = Flyway.configure(DatabaseMigration.class.getClassLoader())
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .callbackLocations(new String[0])
                .table("memoria_schema_history")
                .baselineOnMigrate(true)
                .baselineVersion("0")
                .load()
                .migrate();
        LOG.info(() -> "Database schema at version " + result.targetSchemaVersion + " (" + result.migrationsExecuted
                + " migrations applied now)");
    }
}
