package dev.memoria.tenant.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes many rows on the transaction's own connection: new facts and log entries of a batch write, where
 * EclipseLink's per-object flush (change sets, one statement per row) cost more than the database took to
 * store them, and the keyword index's postings (added and removed) and frequencies. Inserts go as one
 * statement that takes each column as an array, other writes as a JDBC batch. Values are JDBC values:
 * String, Integer, Long, Double, Boolean, java.sql.Timestamp, java.sql.Date, or null. Statements go through
 * {@link TenantSql}: they name the tenant with its markers, and the leading values are the caller's own.
 */
@ApplicationScoped
public class BulkWrites {

    /** A column and the PostgreSQL element type of the array that carries it. */
    public record Column(String name, String arrayType) {}

    @Inject
    TenantSql tenantSql;

    /**
     * Inserts rows of one scope, each holding one value per column in order; the tenant and scope_name are
     * bound once for all of them.
     */
    public void insert(String table, String scope, List<Column> columns, List<Object[]> rows) {
        if (rows.isEmpty()) {
            return;
        }
        String names = columns.stream().map(Column::name).collect(Collectors.joining(", "));
        String into = "INSERT INTO " + table + " ({tenant_id}, scope_name, " + names + ") ";
        List<Object> leading = List.of(scope);
        String arrays = columns.stream()
                .map(column -> "CAST(? AS " + column.arrayType() + "[])")
                .collect(Collectors.joining(", "));
        withArrays(
                into + "SELECT {tenant_value}, ?, r.* FROM unnest(" + arrays + ") AS r (" + names + ")",
                leading,
                columns.stream().map(Column::arrayType).toList(),
                rows);
    }

    /**
     * Runs one statement that takes the leading values as its first parameters and then each
     * column of the rows as one array of the given element type: one round trip and one plan for a batch.
     */
    public void withArrays(String sql, List<Object> leading, List<String> arrayTypes, List<Object[]> rows) {
        tenantSql.withRequestConnection("write a batch of rows", connection -> {
            try (PreparedStatement statement = tenantSql.prepare(connection, sql)) {
                int parameter = bindLeading(statement, leading);
                for (int column = 0; column < arrayTypes.size(); column++) {
                    Object numbers = numbers(arrayTypes.get(column), rows, column);
                    if (numbers != null) {
                        statement.setObject(parameter++, numbers);
                        continue;
                    }
                    Object[] values = new Object[rows.size()];
                    for (int row = 0; row < values.length; row++) {
                        values[row] = rows.get(row)[column];
                    }
                    statement.setArray(parameter++, connection.createArrayOf(arrayTypes.get(column), values));
                }
                return statement.executeUpdate();
            }
        });
    }

    /**
     * A numeric column without nulls as a primitive array, which pgjdbc sends in binary, where an array of
     * objects goes as decimal text to print and parse (13,300 postings into a bare table: 43-58 ms as text,
     * 34-40 ms in binary). Null for any other column.
     */
    private static Object numbers(String arrayType, List<Object[]> rows, int column) {
        if (rows.stream().anyMatch(row -> row[column] == null)) {
            return null;
        }
        return switch (arrayType) {
            case "int4" ->
                rows.stream().mapToInt(row -> ((Number) row[column]).intValue()).toArray();
            case "int8", "bigint" ->
                rows.stream()
                        .mapToLong(row -> ((Number) row[column]).longValue())
                        .toArray();
            case "float8" ->
                rows.stream()
                        .mapToDouble(row -> ((Number) row[column]).doubleValue())
                        .toArray();
            default -> null;
        };
    }

    /**
     * Runs the statement once per row as a JDBC batch: the leading values first (bound once), then the row's.
     * Returns how many rows the statements changed in all.
     */
    public long asBatch(String sql, List<Object> leading, List<Object[]> rows) {
        List<Object[]> bound = new ArrayList<>(rows.size());
        for (Object[] row : rows) {
            Object[] values = leading.toArray(new Object[leading.size() + row.length]);
            System.arraycopy(row, 0, values, leading.size(), row.length);
            bound.add(values);
        }
        return tenantSql.batch(sql, bound);
    }

    /** Binds the values from the first parameter on; returns the next parameter's index. */
    private static int bindLeading(PreparedStatement statement, List<Object> leading) throws SQLException {
        int parameter = 1;
        for (Object value : leading) {
            statement.setObject(parameter++, value);
        }
        return parameter;
    }
}
