package dev.memoria.tenant.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class TenantSqlTest {

    private static EmbeddedPostgres postgres;

    @BeforeAll
    static void start() throws IOException {
        postgres = EmbeddedPostgres.start();
    }

    @AfterAll
    static void stop() throws IOException {
        postgres.close();
    }

    /**
     * The statement proxy against a real (embedded PostgreSQL) database: the tenant is bound before the caller's first
     * parameter, and again after a batch row and a cleared parameter list, so no row is written or read without it.
     */
    @Test
    void everyBatchRowAndEveryClearedStatementKeepsItsTenant() throws SQLException {
        try (Connection connection = postgres.getPostgresDatabase().getConnection()) {
            try (Statement ddl = connection.createStatement()) {
                // a temporary table: this connection's own, gone when it closes
                ddl.execute("CREATE TEMPORARY TABLE note (tenant_id VARCHAR(63) NOT NULL, body VARCHAR(100) NOT NULL)");
            }
            TenantSql sql = new TenantSql();
            for (String tenant : List.of("acme", "globex")) {
                try (PreparedStatement insert = sql.prepare(
                        connection, tenant, "INSERT INTO note ({tenant_id}, body) VALUES ({tenant_value}, ?)")) {
                    insert.setString(1, tenant + "-first");
                    insert.addBatch();
                    insert.clearParameters(); // clears the tenant too: the proxy binds it again
                    insert.setString(1, tenant + "-second");
                    insert.addBatch();
                    insert.executeBatch();
                }
            }
            try (PreparedStatement read = sql.prepare(
                    connection, "globex", "SELECT body FROM note WHERE {tenant} AND body LIKE ? ORDER BY body")) {
                read.setString(1, "%");
                assertEquals(List.of("globex-first", "globex-second"), bodies(read));
                read.clearParameters();
                read.setString(1, "%second");
                assertEquals(List.of("globex-second"), bodies(read));
            }
        }
    }

    /**
     * The read helper binds the caller's values after the tenant (an instant as a timestamp), reads each row,
     * stops at the limit, and refuses a null value, which PostgreSQL could not type.
     */
    @Test
    void theReadHelperBindsInOrderAndReadsOnlyItsTenantsRows() throws SQLException {
        try (Connection connection = postgres.getPostgresDatabase().getConnection()) {
            try (Statement ddl = connection.createStatement()) {
                ddl.execute("CREATE TEMPORARY TABLE note (tenant_id VARCHAR(63) NOT NULL, body VARCHAR(100) NOT NULL,"
                        + " written TIMESTAMP NOT NULL)");
                ddl.execute("INSERT INTO note VALUES ('acme', 'old', TIMESTAMP '2026-01-01 00:00:00'),"
                        + " ('acme', 'new', TIMESTAMP '2026-06-01 00:00:00'),"
                        + " ('acme', 'newer', TIMESTAMP '2026-07-01 00:00:00'),"
                        + " ('globex', 'theirs', TIMESTAMP '2026-06-01 00:00:00')");
            }
            TenantSql sql = new TenantSql();
            String read = "SELECT body FROM note WHERE {tenant} AND written > ? AND body LIKE ? ORDER BY body";
            Instant march = LocalDateTime.parse("2026-03-01T00:00:00")
                    .atZone(ZoneId.systemDefault())
                    .toInstant();
            assertEquals(
                    List.of("new", "newer"),
                    sql.list(connection, "acme", 0, read, row -> row.getString(1), march, "%"));
            assertEquals(List.of("new"), sql.list(connection, "acme", 1, read, row -> row.getString(1), march, "%"));
            assertEquals(
                    List.of("theirs"), sql.list(connection, "globex", 0, read, row -> row.getString(1), march, "%"));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> sql.list(connection, "acme", 0, read, row -> row.getString(1), march, null));
        }
    }

    /**
     * The batch helper writes every row as the named tenant, across more than one JDBC batch, and counts what it
     * changed; the every-tenant helpers read and write all tenants' rows and refuse a statement that binds one.
     */
    @Test
    void batchesBindTheTenantOnEveryRowAndEveryTenantStatementsBindNone() throws SQLException {
        try (Connection connection = postgres.getPostgresDatabase().getConnection()) {
            try (Statement ddl = connection.createStatement()) {
                ddl.execute("CREATE TEMPORARY TABLE note (tenant_id VARCHAR(63) NOT NULL, body VARCHAR(100) NOT NULL,"
                        + " written TIMESTAMP)");
            }
            TenantSql sql = new TenantSql();
            List<Object[]> rows = new ArrayList<>();
            for (int i = 0; i < TenantSql.ROWS_PER_BATCH + 3; i++) {
                rows.add(new Object[] {"note " + i, i == 0 ? Instant.parse("2026-03-01T00:00:00Z") : null});
            }
            String insert = "INSERT INTO note ({tenant_id}, body, written) VALUES ({tenant_value}, ?, ?)";
            assertEquals(rows.size(), sql.batch(connection, "acme", insert, rows));
            assertEquals(1, sql.batch(connection, "globex", insert, List.<Object[]>of(new Object[] {"theirs", null})));
            assertEquals(0, sql.batch(connection, "acme", insert, List.of()));

            assertEquals(
                    List.of("acme " + rows.size(), "globex 1"),
                    sql.everyTenantRows(
                            connection,
                            "SELECT {tenant_id} || ' ' || COUNT(*) FROM note WHERE body LIKE ? GROUP BY {tenant_id}"
                                    + " ORDER BY 1",
                            row -> row.getString(1),
                            "%"));
            assertEquals(
                    List.of("note 0"),
                    sql.list(
                            connection,
                            "acme",
                            0,
                            "SELECT body FROM note WHERE {tenant} AND written IS NOT NULL",
                            row -> row.getString(1)));
            assertEquals(1, sql.everyTenantUpdate(connection, "DELETE FROM note WHERE body = ?", "theirs"));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> sql.everyTenantUpdate(connection, "DELETE FROM note WHERE {tenant}"));
        }
    }

    private static List<String> bodies(PreparedStatement read) throws SQLException {
        List<String> bodies = new ArrayList<>();
        try (ResultSet rows = read.executeQuery()) {
            while (rows.next()) {
                bodies.add(rows.getString(1));
            }
        }
        return bodies;
    }

    @Test
    void aConditionBecomesTheColumnBoundToTheTenant() {
        TenantSql.Expanded expanded =
                TenantSql.expand("SELECT id FROM fact WHERE {tenant} AND scope_name = ? AND id = ?");
        assertEquals("SELECT id FROM fact WHERE tenant_id = ? AND scope_name = ? AND id = ?", expanded.jdbc());
        assertEquals(List.of(1), expanded.tenantParameters());
        assertArrayEquals(
                new int[] {2, 3}, expanded.callerParameters(), "the caller's parameters 1 and 2 follow the tenant");
        assertEquals("SELECT id FROM fact WHERE tenant_id = ?3 AND scope_name = ?1 AND id = ?2", expanded.jpa());
    }

    @Test
    void aliasesValuesAndBareColumns() {
        TenantSql.Expanded expanded = TenantSql.expand("INSERT INTO t ({tenant_id}, a) SELECT {tenant_value}, ? FROM s"
                + " JOIN u ON {u.tenant_id} = {s.tenant_id} WHERE {s.tenant} AND s.b = ? ORDER BY {s.tenant_id}");
        assertEquals(
                "INSERT INTO t (tenant_id, a) SELECT ?, ? FROM s JOIN u ON u.tenant_id = s.tenant_id"
                        + " WHERE s.tenant_id = ? AND s.b = ? ORDER BY s.tenant_id",
                expanded.jdbc());
        assertEquals(List.of(1, 3), expanded.tenantParameters());
        assertArrayEquals(new int[] {2, 4}, expanded.callerParameters());
        assertEquals(4, expanded.parameter(2));
        assertThrows(IllegalArgumentException.class, () -> expanded.parameter(3));
    }

    @Test
    void numberedJpaParametersKeepTheirNumbers() {
        TenantSql.Expanded expanded =
                TenantSql.expand("SELECT 1 FROM s WHERE x > ?1 AND {s.tenant} AND s.y = ?2 OR s.z = ?2");
        assertEquals("SELECT 1 FROM s WHERE x > ?1 AND s.tenant_id = ?3 AND s.y = ?2 OR s.z = ?2", expanded.jpa());
    }

    @Test
    void aStatementWithoutMarkersIsLeftAlone() {
        String sql = "SELECT COUNT(*) FROM embedding_queue WHERE model = ?";
        assertEquals(sql, TenantSql.expand(sql).jdbc());
        assertEquals(List.of(), TenantSql.expand(sql).tenantParameters());
    }

    /** The one-place rule: no SQL in the application's sources names the tenant column but through TenantSql's markers. */
    @Test
    void noStatementElsewhereNamesTheTenantColumn() throws IOException {
        Pattern literal = Pattern.compile("\"(?:[^\"\\\\\\n]|\\\\.)*\"");
        Pattern column = Pattern.compile("(?<![{\\w.])(\\w+\\.)?tenant_id\\b(?!})");
        List<String> offenders = new ArrayList<>();
        Path sources = Path.of("src", "main", "java");
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                if (file.endsWith(Path.of("tenant", "control", "TenantSql.java"))) {
                    continue;
                }
                List<String> lines = Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    String line = lines.get(i);
                    if (line.contains("@TenantDiscriminatorColumn") || line.contains("@Column(")) {
                        continue; // the JPA mapping of the column, which EclipseLink's multitenancy fills
                    }
                    Matcher strings = literal.matcher(line);
                    while (strings.find()) {
                        if (column.matcher(strings.group()).find()) {
                            offenders.add(sources.relativize(file) + ":" + (i + 1) + ": " + strings.group());
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), offenders, "SQL that names tenant_id outside TenantSql");
    }
}
