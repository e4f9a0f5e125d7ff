package dev.memoria.platform.control;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;

/** The few statements that PostgreSQL and H2 spell differently; everything else is portable SQL. */
@ApplicationScoped
public class SqlDialect {

    @Resource(lookup = "jdbc/memoria")
    DataSource dataSource;

    private boolean postgres;

    @PostConstruct
    void detect() {
        try (Connection connection = dataSource.getConnection()) {
            postgres = connection.getMetaData().getDatabaseProductName().toLowerCase().contains("postgres");
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot reach the database to detect its dialect", e);
        }
    }

    public boolean isPostgres() {
        return postgres;
    }

    /**
     * Insert-or-update of one row keyed by {@code keyColumns}; parameters are the columns in order.
     * PostgreSQL's ON CONFLICT is race-free; H2 runs in one process, where MERGE is atomic.
     */
    public String upsert(String table, String[] keyColumns, String[] columns, String[] updatedColumns) {
        String columnList = String.join(", ", columns);
        String placeholders = String.join(", ", java.util.Collections.nCopies(columns.length, "?"));
        if (postgres) {
            StringBuilder updates = new StringBuilder();
            for (String column : updatedColumns) {
                updates.append(updates.isEmpty() ? "" : ", ").append(column).append(" = EXCLUDED.").append(column);
            }
            return "INSERT INTO " + table + " (" + columnList + ") VALUES (" + placeholders + ") ON CONFLICT ("
                    + String.join(", ", keyColumns) + ") DO UPDATE SET " + updates;
        }
        StringBuilder on = new StringBuilder();
        for (String key : keyColumns) {
            on.append(on.isEmpty() ? "" : " AND ").append("t.").append(key).append(" = s.").append(key);
        }
        StringBuilder updates = new StringBuilder();
        for (String column : updatedColumns) {
            updates.append(updates.isEmpty() ? "" : ", ").append(column).append(" = s.").append(column);
        }
        return "MERGE INTO " + table + " t USING (VALUES (" + placeholders + ")) s (" + columnList + ") ON " + on
                + " WHEN MATCHED THEN UPDATE SET " + updates
                + " WHEN NOT MATCHED THEN INSERT (" + columnList + ") VALUES (s." + String.join(", s.", columns) + ")";
    }
}
