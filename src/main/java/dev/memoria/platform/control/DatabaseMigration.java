package dev.memoria.platform.control;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Applies db-migrations/ before anything else touches the database, once it is one this version supports. The
 * persistent timer tables share the schema and exist before this runs, so an unknown non-empty schema is
 * baselined at version 0.
 */
@Startup
@Singleton
@TransactionManagement(TransactionManagementType.BEAN)
public class DatabaseMigration {

    private static final Logger LOG = Logger.getLogger(DatabaseMigration.class.getName());
    private static final String H2_URL = "jdbc:h2:";

    @Resource(lookup = "jdbc/memoria")
    DataSource dataSource;

    @Inject
    @ConfigProperty(name = "MEMORIA_DB_URL", defaultValue = "jdbc:memoria:embedded-postgres:")
    String url;

    @PostConstruct
    void prepare() {
        refuseH2(url);
        migrate();
    }

    /**
     * H2, the embedded default before PostgreSQL, is no longer supported: a start on it stops before anything
     * touches it (its driver is gone too), saying how to move its memory out.
     */
    static void refuseH2(String url) {
        if (url.regionMatches(true, 0, H2_URL, 0, H2_URL.length())) {
            String message = "CWMEM0007E: MEMORIA_DB_URL names an H2 database (" + H2_URL + "...), which this"
                    + " version no longer supports. Move its memory out: start the previous release on it, export"
                    + " each tenant (GET /api/v1/export or `memoria export`), then start this version on PostgreSQL"
                    + " (without MEMORIA_DB_URL for the embedded one) and import the files (POST /api/v1/import or"
                    + " `memoria import`; operations.md, 'From the former H2 default')";
            LOG.severe(message);
            throw new IllegalStateException(message);
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
