package dev.memoria.platform.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Migrations over data written by the schema before them, on an empty embedded PostgreSQL. */
class MigrationsTest {

    private static EmbeddedPostgres postgres;
    private static DataSource database;

    @BeforeAll
    static void start() throws IOException {
        postgres = EmbeddedPostgres.start();
        database = postgres.getPostgresDatabase();
    }

    @AfterAll
    static void stop() throws IOException {
        postgres.close();
    }

    @Test
    void version7ListsEachFactsPostingsOnItsRowWithRankKeysThatReadBackExactly() throws SQLException {
        migrateTo("6");
        double[] rankKeys = {-0.9107142857142857, -1.0E-5, -Math.nextUp(0.3), -2.2 / 3, -1.1999999999999997};
        try (Connection db = connect()) {
            for (String tenant : List.of("acme", "globex")) {
                fact(db, tenant, "f1");
                fact(db, tenant, "f2");
            }
            posting(db, "acme", "f1", "coffe", 2, rankKeys[0]);
            posting(db, "acme", "f1", "morn", 1, rankKeys[1]);
            posting(db, "acme", "f2", "tea", 1, rankKeys[2]);
            posting(db, "globex", "f1", "coffe", 1, rankKeys[3]);
            posting(db, "globex", "f1", "bean", 3, rankKeys[4]);
        }
        migrateTo("7");
        try (Connection db = connect()) {
            Map<String, Map<String, String>> listed = listedPostings(db);
            assertEquals(Map.of("coffe", "2 " + rankKeys[0], "morn", "1 " + rankKeys[1]), listed.get("acme/f1"));
            assertEquals(Map.of("tea", "1 " + rankKeys[2]), listed.get("acme/f2"));
            assertEquals(Map.of("coffe", "1 " + rankKeys[3], "bean", "3 " + rankKeys[4]), listed.get("globex/f1"));
            assertEquals(Map.of(), listed.get("globex/f2"), "a fact without postings lists none");
        }
    }

    private static void migrateTo(String version) {
        Flyway.configure()
                .dataSource(database)
                .locations("classpath:db/migration")
                .table("memoria_schema_history")
                .target(version)
                .cleanDisabled(false)
                .load()
                .migrate();
    }

    private static Connection connect() throws SQLException {
        return database.getConnection();
    }

    private static void fact(Connection db, String tenant, String id) throws SQLException {
        try (PreparedStatement insert =
                db.prepareStatement("INSERT INTO fact (tenant_id, id, scope_name, content, category,"
                        + " fact_type, importance, persistent, tags, source, created_at, updated_at, access_count, doc_length)"
                        + " VALUES (?, ?, 'user:u', 'c', 'general', 'SEMANTIC', 0.5, FALSE, '', 'api', CURRENT_TIMESTAMP,"
                        + " CURRENT_TIMESTAMP, 0, 3)")) {
            insert.setString(1, tenant);
            insert.setString(2, id);
            insert.executeUpdate();
        }
    }

    private static void posting(Connection db, String tenant, String factId, String term, int tf, double rankKey)
            throws SQLException {
        try (PreparedStatement insert =
                db.prepareStatement("INSERT INTO fact_term (tenant_id, scope_name, term, fact_id,"
                        + " tf, doc_length, rank_key) VALUES (?, 'user:u', ?, ?, ?, 3, ?)")) {
            insert.setString(1, tenant);
            insert.setString(2, term);
            insert.setString(3, factId);
            insert.setInt(4, tf);
            insert.setDouble(5, rankKey);
            insert.executeUpdate();
        }
    }

    /** Each fact's listed postings, term to "tf rank_key" with the rank key as Java prints the double it parses. */
    private static Map<String, Map<String, String>> listedPostings(Connection db) throws SQLException {
        Map<String, Map<String, String>> listed = new HashMap<>();
        try (Statement statement = db.createStatement();
                ResultSet rows = statement.executeQuery("SELECT tenant_id, id, index_terms FROM fact")) {
            while (rows.next()) {
                Map<String, String> postings = new HashMap<>();
                String terms = rows.getString(3);
                String[] parts = terms.isEmpty() ? new String[0] : terms.split(" ");
                for (int i = 0; i < parts.length; i += 3) {
                    postings.put(parts[i], parts[i + 1] + " " + Double.parseDouble(parts[i + 2]));
                }
                listed.put(rows.getString(1) + "/" + rows.getString(2), postings);
            }
        }
        return listed;
    }
}
