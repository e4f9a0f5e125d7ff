package dev.memoria.platform.control;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/** Which database runs underneath, for the few statements PostgreSQL and H2 spell differently. */
@ApplicationScoped
public class SqlDialect {

    @Resource(lookup = "jdbc/memoria")
    DataSource dataSource;

    private boolean postgres;

    @PostConstruct
    void detect() {
        try (Connection connection = dataSource.getConnection()) {
            postgres = connection
                    .getMetaData()
                    .getDatabaseProductName()
                    .toLowerCase()
                    .contains("postgres");
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot reach the database to detect its dialect", e);
        }
    }

    public boolean isPostgres() {
        return postgres;
    }
}
