package dev.memoria.platform.embeddeddb;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * The embedded default database: a JDBC driver for {@code jdbc:memoria:embedded-postgres:<data folder>} (optionally
 * followed by {@code ;formerly=<folder>}, see {@link FormerDataFolder}) that
 * starts a PostgreSQL server on that folder at its first connection (once per JVM and folder) and hands out
 * connections to it. It lives in the server's JDBC library, not in the WAR, so whoever connects first (the
 * persistent timers or the application) finds the database running.
 */
public final class EmbeddedPostgresDriver implements Driver {

    static final String PREFIX = "jdbc:memoria:embedded-postgres:";
    /** Names the folder an earlier version kept the data in, moved to the data folder at the first start. */
    static final String FORMERLY = ";formerly=";

    private final Driver postgres = new org.postgresql.Driver();

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        String[] parts = url.substring(PREFIX.length()).split(FORMERLY, 2);
        String folder = parts[0].strip();
        if (folder.isEmpty()) {
            throw new SQLException("The embedded database URL names no data folder: " + url);
        }
        Path former = parts.length == 2 && !parts[1].isBlank() ? Path.of(parts[1].strip()) : null;
        EmbeddedPostgresServer server = EmbeddedPostgresServer.on(Path.of(folder), former);
        // the pool's user and password are not the database's: the server's superuser and the password of its
        // password file are (in the properties, not the URL, which PostgreSQL's driver logs)
        return postgres.connect(server.jdbcUrl(), server.connectionProperties());
    }

    @Override
    public boolean acceptsURL(String url) {
        return url != null && url.startsWith(PREFIX);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        return new DriverPropertyInfo[0];
    }

    @Override
    public int getMajorVersion() {
        return 1;
    }

    @Override
    public int getMinorVersion() {
        return 0;
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException();
    }
}
