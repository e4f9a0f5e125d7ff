package dev.memoria.tenant.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The statement TenantSql hands out, on a real (embedded PostgreSQL) database: the tenant stays bound whatever the caller does. */
class TenantBindingTest {

    private static EmbeddedPostgres postgres;

    private final TenantSql sql = new TenantSql();
    private Connection connection;

    @BeforeAll
    static void start() throws IOException {
        postgres = EmbeddedPostgres.start();
    }

    @AfterAll
    static void stop() throws IOException {
        postgres.close();
    }

    @BeforeEach
    void table() throws SQLException {
        connection = postgres.getPostgresDatabase().getConnection();
        try (Statement ddl = connection.createStatement()) {
            ddl.execute("DROP TABLE IF EXISTS note");
            ddl.execute("CREATE TABLE note (tenant_id VARCHAR(64), scope_name VARCHAR(64), body VARCHAR(64))");
        }
    }

    @AfterEach
    void close() throws SQLException {
        connection.close();
    }

    @Test
    void everyRowOfABatchGetsTheTenantAfterAddBatchAndClearParameters() throws SQLException {
        try (PreparedStatement insert = sql.prepare(
                connection, "acme", "INSERT INTO note ({tenant_id}, scope_name, body) VALUES ({tenant_value}, ?, ?)")) {
            insert.setString(1, "user:1");
            insert.setString(2, "first");
            insert.addBatch();
            insert.setString(1, "user:1");
            insert.setString(2, "second");
            insert.addBatch();
            insert.clearParameters();
            insert.setString(1, "user:2");
            insert.setString(2, "third");
            insert.addBatch();
            insert.executeBatch();
        }
        assertEquals(List.of("acme first", "acme second", "acme third"), rows());
    }

    @Test
    void aConditionReadsOnlyTheBoundTenantsRowsAfterClearParameters() throws SQLException {
        for (String tenant : List.of("acme", "globex")) {
            try (PreparedStatement insert = sql.prepare(
                    connection,
                    tenant,
                    "INSERT INTO note ({tenant_id}, scope_name, body) VALUES ({tenant_value}, ?, ?)")) {
                insert.setString(1, "user:1");
                insert.setString(2, tenant + "'s note");
                insert.executeUpdate();
            }
        }
        try (PreparedStatement read =
                sql.prepare(connection, "globex", "SELECT body FROM note WHERE {tenant} AND scope_name = ?")) {
            read.setString(1, "user:1");
            read.clearParameters();
            read.setString(1, "user:1");
            try (ResultSet row = read.executeQuery()) {
                row.next();
                assertEquals("globex's note", row.getString(1));
                assertEquals(false, row.next(), "acme's note is not globex's");
            }
        }
    }

    @Test
    void aTenantsStatementThatSaysNothingOfTheTenantIsRefused() {
        assertThrows(
                IllegalArgumentException.class,
                () -> sql.prepare(connection, "acme", "DELETE FROM note WHERE scope_name = ?"));
        assertThrows(
                IllegalArgumentException.class,
                () -> sql.everyTenant(connection, "DELETE FROM note WHERE {tenant} AND scope_name = ?"));
    }

    private List<String> rows() throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement select = connection.createStatement();
                ResultSet row = select.executeQuery("SELECT tenant_id, body FROM note ORDER BY body")) {
            while (row.next()) {
                rows.add(row.getString(1) + " " + row.getString(2));
            }
        }
        return rows;
    }
}
