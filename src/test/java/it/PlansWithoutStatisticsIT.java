package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.memoria.fact.control.FactReads;
import dev.memoria.recall.control.KeywordRanker;
import dev.memoria.recall.control.KeywordTables;
import dev.memoria.tenant.control.TenantSql;
import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * PostgreSQL plans recall's, search's and dedup's statements as index lookups per term and per fact even when
 * the tables have no statistics, as right after a bulk load into a new database (issue 26: an IN list under
 * the scope's prefix was planned as a walk of the whole scope, 11 times slower). A scope is loaded through the
 * API, its rows copied into a schema of their own whose tables are never analysed, and each statement, as
 * the keyword index and FactRepository write it, is explained there with custom and generic plans. Reads plans,
 * not timings. On a PostgreSQL server only (the CI's second phase), which the test connects to itself.
 */
@ExtendWith(ArquillianExtension.class)
class PlansWithoutStatisticsIT extends Deployments {

    private static final String TENANT = Tokens.newTenant("plans");
    private static final String SCOPE_NAME = "user:plans";
    private static final String SCOPE = "api/v1/scopes/" + SCOPE_NAME + "/";
    private static final String SCHEMA = "plans_" + TENANT.substring(TENANT.indexOf('-') + 1);
    private static final List<String> TABLES = List.of("memory_scope", "scope_term", "fact_term", "fact");
    /** The tables whose scans must be lookups by term or id (memory_scope is read by its whole primary key). */
    private static final List<String> INDEXED = List.of("scope_term", "fact_term", "fact");

    private static final int FACTS = 3000;

    private static Connection db;
    private static final List<String> ids = new ArrayList<>();

    @BeforeAll
    static void loadAScopeAndCopyItWithoutStatistics() throws SQLException {
        String url = System.getProperty("it.db.url", "");
        assumeTrue(url.startsWith("jdbc:postgresql:"), "the plans checked are PostgreSQL's");
        Api api = new Api(Api.serverBase(), Tokens.token(TENANT, Tokens.ALL_ROLES));
        for (int from = 0; from < FACTS; from += 1000) {
            StringBuilder batch = new StringBuilder("{\"facts\":[");
            for (int i = from; i < from + 1000; i++) {
                // "ledger" is in every fact (a common term, read from its best postings), "crate<i % 97>" in ~31
                batch.append(i == from ? "" : ",")
                        .append("{\"content\":\"ledger entry ")
                        .append(i)
                        .append(" crate")
                        .append(i % 97)
                        .append(" shelf")
                        .append(i % 13)
                        .append("\",\"dedupe\":false}");
            }
            assertEquals(
                    200,
                    api.post(SCOPE + "facts:batch", batch.append("]}").toString())
                            .status());
        }
        db = DriverManager.getConnection(url, System.getProperty("it.db.user"), System.getProperty("it.db.password"));
        try (Statement sql = db.createStatement()) {
            sql.execute("CREATE SCHEMA " + SCHEMA);
            for (String table : TABLES) {
                // never analysed: autovacuum is off for the copies, and nothing else knows them
                sql.execute("CREATE TABLE " + SCHEMA + "." + table + " (LIKE public." + table + " INCLUDING ALL)"
                        + " WITH (autovacuum_enabled = false)");
                try (PreparedStatement copy = db.prepareStatement("INSERT INTO " + SCHEMA + "." + table
                        + " SELECT * FROM public." + table + " WHERE tenant_id = ?")) {
                    copy.setString(1, TENANT);
                    copy.executeUpdate();
                }
            }
            sql.execute("SET search_path = " + SCHEMA);
            try (ResultSet rows =
                    sql.executeQuery("SELECT count(*) FROM pg_stats WHERE schemaname = '" + SCHEMA + "'")) {
                rows.next();
                assertEquals(0, rows.getInt(1), "the copies have no statistics");
            }
            try (ResultSet rows = sql.executeQuery("SELECT id FROM fact ORDER BY id LIMIT 20")) {
                while (rows.next()) {
                    ids.add(rows.getString(1));
                }
            }
        }
    }

    @AfterAll
    static void dropTheCopies() throws SQLException {
        if (db != null) {
            try (Statement sql = db.createStatement()) {
                sql.execute("DROP SCHEMA " + SCHEMA + " CASCADE");
            }
            db.close();
        }
    }

    @Test
    void recallLooksEachTermUpInTheIndex() throws SQLException {
        List<String> terms = List.of("crate7", "ledger");
        assertIndexLookups(
                KeywordRanker.lookUpStatement(terms.size()),
                values(List.of(TENANT, SCOPE_NAME), terms, List.of(TENANT, SCOPE_NAME, TENANT, SCOPE_NAME)));
    }

    @Test
    void theTopFactsAreReadByPrimaryKey() throws SQLException {
        assertIndexLookups(FactReads.readStatement(ids.size()), values(ids, List.of(TENANT, SCOPE_NAME)));
        assertIndexLookups(KeywordRanker.listedPostingsStatement(ids.size()), values(ids, List.of(TENANT)));
    }

    @Test
    void dedupProbesLookEachTermUpInTheIndex() throws SQLException {
        List<String> terms = List.of("crate1", "crate2", "entri", "shelf3", "shelf4");
        assertIndexLookups(
                KeywordTables.perTermStatement("t.df", "scope_term", terms.size()),
                values(terms, List.of(TENANT, SCOPE_NAME)));
        assertIndexLookups(
                KeywordTables.perTermStatement("t.fact_id", "fact_term", terms.size()),
                values(terms, List.of(TENANT, SCOPE_NAME)));
    }

    @SafeVarargs
    private static List<String> values(List<String>... groups) {
        List<String> all = new ArrayList<>();
        for (List<String> group : groups) {
            all.addAll(group);
        }
        return all;
    }

    /**
     * Prepares the statement and explains it with a custom and with a generic plan: every read of the index's
     * tables must be an index scan whose condition names the term or the fact's id, never a filter over a
     * scan of the tenant's or the scope's rows.
     */
    private static void assertIndexLookups(String marked, List<String> parameters) throws SQLException {
        String statement = TenantSql.jdbc(marked);
        StringBuilder numbered = new StringBuilder();
        int parameter = 0;
        for (char c : statement.toCharArray()) {
            numbered.append(c == '?' ? "$" + ++parameter : String.valueOf(c));
        }
        assertEquals(parameters.size(), parameter, statement);
        try (Statement sql = db.createStatement()) {
            sql.execute("PREPARE checked AS " + numbered);
            try {
                for (String mode : List.of("force_custom_plan", "force_generic_plan")) {
                    sql.execute("SET plan_cache_mode = " + mode);
                    // literals: EXECUTE's arguments cannot be parameters of the EXPLAIN around it
                    String arguments = String.join(
                            ", ",
                            parameters.stream()
                                    .map(p -> "'" + p.replace("'", "''") + "'")
                                    .toList());
                    try (Statement explain = db.createStatement()) {
                        try (ResultSet plan =
                                explain.executeQuery("EXPLAIN (FORMAT JSON) EXECUTE checked (" + arguments + ")")) {
                            plan.next();
                            JsonObject root = Json.createReader(new StringReader(plan.getString(1)))
                                    .readArray()
                                    .getJsonObject(0)
                                    .getJsonObject("Plan");
                            List<JsonObject> scans = new ArrayList<>();
                            collectScans(root, scans);
                            assertFalse(scans.isEmpty(), mode + ": " + root);
                            scans.forEach(
                                    scan -> assertIndexLookup(scan, mode + " plan of " + statement + ": " + root));
                        }
                    }
                }
            } finally {
                sql.execute("RESET plan_cache_mode");
                sql.execute("DEALLOCATE checked");
            }
        }
    }

    private static void collectScans(JsonObject node, List<JsonObject> scans) {
        if (node.containsKey("Relation Name") && INDEXED.contains(node.getString("Relation Name"))) {
            scans.add(node);
        }
        JsonArray children = node.getJsonArray("Plans");
        if (children != null) {
            children.stream().map(JsonValue::asJsonObject).forEach(child -> collectScans(child, scans));
        }
    }

    private static void assertIndexLookup(JsonObject scan, String plan) {
        String table = scan.getString("Relation Name");
        String type = scan.getString("Node Type");
        assertTrue(
                type.equals("Index Scan") || type.equals("Index Only Scan"),
                table + " read by " + type + " in " + plan);
        String condition = scan.getString("Index Cond", "").toLowerCase(Locale.ROOT);
        String key = table.equals("fact") ? "(id)::text =" : "term";
        assertTrue(condition.contains(key), table + " looked up by " + condition + " in " + plan);
        assertFalse(scan.getString("Filter", "").contains("ANY"), table + " filtered by a list in " + plan);
    }
}
