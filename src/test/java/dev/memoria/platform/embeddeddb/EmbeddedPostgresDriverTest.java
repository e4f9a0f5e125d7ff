package dev.memoria.platform.embeddeddb;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class EmbeddedPostgresDriverTest {

    private final EmbeddedPostgresDriver driver = new EmbeddedPostgresDriver();

    @Test
    void anH2UrlIsTakenOnlyToBeRefusedSayingHowToMoveOut() {
        String url = "jdbc:h2:/srv/memoria/data/memoria;MODE=LEGACY";
        assertTrue(driver.acceptsURL(url), "else Liberty finds no driver and says nothing of H2");
        SQLException refused = assertThrows(SQLException.class, () -> driver.connect(url, new Properties()));
        assertTrue(refused.getMessage().startsWith("CWMEM0007E: "), refused.getMessage());
        assertTrue(refused.getMessage().contains("no longer supports"));
        assertTrue(refused.getMessage().contains("previous release"));
        assertTrue(refused.getMessage().contains("GET /api/v1/export"));
        assertTrue(refused.getMessage().contains("POST /api/v1/import"));
        assertThrows(SQLException.class, () -> driver.connect("JDBC:H2:mem:memoria", new Properties()));
    }

    @Test
    void anOperatorsPostgresUrlIsLeftToPostgresDriver() throws SQLException {
        assertFalse(driver.acceptsURL("jdbc:postgresql://db:5432/memoria"));
        assertNull(driver.connect("jdbc:postgresql://db:5432/memoria", new Properties()));
    }
}
