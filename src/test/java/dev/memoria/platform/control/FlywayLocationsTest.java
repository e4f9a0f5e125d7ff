package dev.memoria.platform.control;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Test;

/** Flyway inside Liberty resolves a classpath folder only by a file named flyway.location in it. */
class FlywayLocationsTest {

    @Test
    void theMigrationAndCallbackFoldersCarryTheirMarker() {
        ClassLoader loader = DatabaseMigration.class.getClassLoader();
        assertNotNull(loader.getResource("db/migration/flyway.location"), "without it no migration runs on Liberty");
        assertNotNull(loader.getResource("db/callback/flyway.location"), "without it Flyway logs an error at start");
    }
}
