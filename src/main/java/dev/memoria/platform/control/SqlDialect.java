package dev.memoria.platform.control;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;

/** Which database runs underneath, for the few statements PostgreSQL and H2 spell differently. */
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

    /** Insert-or-update of one row keyed by {@code keyColumns} (PostgreSQL); parameters are the columns in order. */
    public String upsert(String table, String[] keyColumns, String[] columns, String[] updatedColumns) {
        String placeholders = String.join(", ", java.util.Collections.nCopies(columns.length, "?"));
        StringBuilder updates = new StringBuilder();
        for (String column : updatedColumns) {
            updates.append(updates.isEmpty() ? "" : ", ").append(column).append(" = EXCLUDED.").append(column);
        }
        return "INSERT INTO " + table + " (" + String.join(", ", columns) + ") VALUES (" + placeholders + ") ON CONFLICT ("
                + String.join(", ", keyColumns) + ") DO UPDATE SET " + updates;
    }
}
