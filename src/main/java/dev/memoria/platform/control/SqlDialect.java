package dev.memoria.platform.control;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Which database runs underneath, for the few statements PostgreSQL and H2 spell differently, and whether it
 * is the embedded default (started by this server on its own folder) or the operator's.
 */
@ApplicationScoped
public class SqlDialect {

    private static final List<String> EMBEDDED_URLS = List.of("jdbc:memoria:embedded-postgres:", "jdbc:h2:");

    @Resource(lookup = "jdbc/memoria")
    DataSource dataSource;

    @Inject
    @ConfigProperty(name = "MEMORIA_DB_URL", defaultValue = "jdbc:memoria:embedded-postgres:")
    String url;

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

    public boolean isEmbedded() {
        return EMBEDDED_URLS.stream().anyMatch(url::startsWith);
    }
}
