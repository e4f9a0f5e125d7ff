package dev.memoria.platform.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Inserts many new rows of one table on the transaction's own connection, the current tenant's id in each:
 * for the rows of a batch write, where EclipseLink's per-object flush (change sets, one statement per row)
 * cost more than the database took to store them. PostgreSQL gets one statement that takes each column as
 * an array; H2, in the process, a JDBC batch. Values are JDBC values: String, Integer, Double, Boolean,
 * java.sql.Timestamp, java.sql.Date, or null.
 */
@ApplicationScoped
public class BulkInsert {

    private static final int ROWS_PER_BATCH = 500;

    /** A column and the PostgreSQL element type of the array that carries it. */
    public record Column(String name, String arrayType) {
    }

    @Inject
    TenantEntityManager db;

    @Inject
    SqlDialect dialect;

    /** Inserts the rows, each holding one value per column in order; tenant_id is added. */
    public void into(String table, List<Column> columns, List<Object[]> rows) {
        if (rows.isEmpty()) {
            return;
        }
        String names = columns.stream().map(Column::name).collect(Collectors.joining(", "));
        try {
            if (dialect.isPostgres()) {
                insertArrays(table, names, columns, rows);
            } else {
                insertBatch(table, names, columns.size(), rows);
            }
        } catch (SQLException e) {
            throw new PersistenceException("Cannot insert into " + table, e);
        }
    }

    private void insertArrays(String table, String names, List<Column> columns, List<Object[]> rows) throws SQLException {
        String arrays = columns.stream().map(column -> "CAST(? AS " + column.arrayType() + "[])")
                .collect(Collectors.joining(", "));
        String sql = "INSERT INTO " + table + " (tenant_id, " + names + ") SELECT ?, r.* FROM unnest(" + arrays
                + ") AS r (" + names + ")";
        try (PreparedStatement statement = db.connection().prepareStatement(sql)) {
            statement.setString(1, db.tenantId());
            for (int column = 0; column < columns.size(); column++) {
                Object[] values = new Object[rows.size()];
                for (int row = 0; row < values.length; row++) {
                    values[row] = rows.get(row)[column];
                }
                statement.setArray(column + 2, statement.getConnection().createArrayOf(columns.get(column).arrayType(), values));
            }
            statement.executeUpdate();
        }
    }

    private void insertBatch(String table, String names, int columns, List<Object[]> rows) throws SQLException {
        String sql = "INSERT INTO " + table + " (tenant_id, " + names + ") VALUES (?, "
                + String.join(", ", Collections.nCopies(columns, "?")) + ")";
        try (PreparedStatement statement = db.connection().prepareStatement(sql)) {
            statement.setString(1, db.tenantId());
            for (int i = 0; i < rows.size(); i++) {
                Object[] row = rows.get(i);
                for (int column = 0; column < columns; column++) {
                    statement.setObject(column + 2, row[column]);
                }
                statement.addBatch();
                if ((i + 1) % ROWS_PER_BATCH == 0 || i == rows.size() - 1) {
                    statement.executeBatch();
                }
            }
        }
    }
}
