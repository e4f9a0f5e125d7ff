package dev.memoria.erasure.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/**
 * Clearing a scope, erasing it and the erasure's preview reach its rows through one list ({@link ScopeContents}).
 * Every table of the migrated schema that names a scope must be on that list or say who empties it otherwise:
 * a table added without deciding fails here, before a cleared scope could leave rows behind in it.
 */
class ScopeContentsTest {

    /** Tables whose scope rows another owner removes when the scope goes, and why. */
    private static final Map<String, String> EMPTIED_ELSEWHERE = Map.of(
            "fact_term", "KeywordIndex.clear",
            "scope_term", "KeywordIndex.clear",
            "fact_vector", "EmbeddingQueue on ScopeCleared",
            "embedding_queue", "EmbeddingQueue on ScopeCleared",
            "audit_event", "kept: the record that the scope's facts were deleted (an erasure clears its labels)");

    @Test
    void everyTableThatNamesAScopeIsRemovedWithIt() throws Exception {
        try (EmbeddedPostgres postgres = EmbeddedPostgres.start()) {
            DataSource database = postgres.getPostgresDatabase();
            Flyway.configure()
                    .dataSource(database)
                    .locations("classpath:db/migration")
                    .table("memoria_schema_history")
                    .load()
                    .migrate();
            Set<String> naming = new TreeSet<>();
            try (Connection connection = database.getConnection();
                    Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT table_name FROM information_schema.columns"
                            + " WHERE table_schema = 'public' AND column_name = 'scope_name'")) {
                while (rows.next()) {
                    naming.add(rows.getString(1));
                }
            }
            Map<String, String> decided = new TreeMap<>(EMPTIED_ELSEWHERE);
            ScopeContents.TABLES.forEach(table -> decided.put(table, "ScopeContents"));
            assertEquals(naming, decided.keySet(), "tables that name a scope, and who empties each: " + decided);
        }
    }
}
