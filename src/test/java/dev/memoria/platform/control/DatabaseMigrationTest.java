package dev.memoria.platform.control;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DatabaseMigrationTest {

    @Test
    void anH2UrlIsRefusedSayingHowToMoveOut() {
        IllegalStateException refused = assertThrows(
                IllegalStateException.class,
                () -> DatabaseMigration.refuseH2("jdbc:h2:/srv/memoria/data/memoria;MODE=LEGACY"));
        assertTrue(refused.getMessage().startsWith("CWMEM0007E: "), refused.getMessage());
        assertTrue(refused.getMessage().contains("no longer supports"));
        assertTrue(refused.getMessage().contains("previous release"));
        assertTrue(refused.getMessage().contains("GET /api/v1/export"));
        assertTrue(refused.getMessage().contains("POST /api/v1/import"));
        assertThrows(IllegalStateException.class, () -> DatabaseMigration.refuseH2("JDBC:H2:mem:memoria"));
    }

    @Test
    void postgresUrlsStart() {
        assertDoesNotThrow(
                () -> DatabaseMigration.refuseH2("jdbc:memoria:embedded-postgres:/home/me/.memoria/postgres"));
        assertDoesNotThrow(() -> DatabaseMigration.refuseH2("jdbc:postgresql://db:5432/memoria"));
    }
}
