package dev.memoria.platform.control;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Applies db-migrations/ before anything else touches the database. The persistent timer tables share the schema
 * and exist before this runs, so an unknown non-empty schema is baselined at version 0.
 */
@Startup
@Singleton
@TransactionManagement(TransactionManagementType.BEAN)
public class DatabaseMigration {

    private static final Logger LOG = Logger.getLogger(DatabaseMigration.class.getName());

    @Resource(lookup = "jdbc/memoria")
    DataSource dataSource;

    /**
     * Flyway finds a classpath folder inside Liberty only by a file in it: the empty {@code flyway.location} files of
     * db-migrations/ and of src/main/resources/db/callback/ are that marker, never dead code (without them no
     * migration runs and Flyway logs an error for the callback folder). {@code FlywayLocationsTest} keeps them.
     */
    @PostConstruct
    void migrate() {
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
