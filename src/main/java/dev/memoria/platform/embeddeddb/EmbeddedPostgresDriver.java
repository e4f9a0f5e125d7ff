package dev.memoria.platform.embeddeddb;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;

/**
 * The embedded default database: a JDBC driver for {@code jdbc:memoria:embedded-postgres:<data folder>} (optionally
 * followed by {@code ;formerly=<folder>}, see {@link FormerDataFolder}) that
 * starts a PostgreSQL server on that folder at its first connection (once per JVM and folder) and hands out
 * connections to it. It lives in the server's JDBC library, not in the WAR, so whoever connects first (the
 * persistent timers or the application) finds the database running. It also takes {@code jdbc:h2:} URLs, only to
 * refuse them: H2 is no longer supported, and without this the first connection would fail with Liberty's "no
 * driver" for the timers, before the application could say why.
 */
public final class EmbeddedPostgresDriver implements Driver {

    static final String PREFIX = "jdbc:memoria:embedded-postgres:";
    /** Names the folder an earlier version kept the data in, moved to the data folder at the first start. */
    static final String FORMERLY = ";formerly=";

    private static final String H2_PREFIX = "jdbc:h2:";

    private static final Logger LOG = Logger.getLogger(EmbeddedPostgresDriver.class.getName());
    private static final AtomicBoolean H2_REFUSAL_LOGGED = new AtomicBoolean();

    private final Driver postgres = new org.postgresql.Driver();

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        if (isH2(url)) {
            throw refuseH2();
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
        return url != null && (url.startsWith(PREFIX) || isH2(url));
    }

    private static boolean isH2(String url) {
        return url.regionMatches(true, 0, H2_PREFIX, 0, H2_PREFIX.length());
    }

    /** Said once in the log (every connection attempt fails with it, the pool's and the timers' alike). */
    private static SQLException refuseH2() {
        String message = "CWMEM0007E: MEMORIA_DB_URL names an H2 database (" + H2_PREFIX + "...), which this version"
                + " no longer supports. Move its memory out: start the previous release on it, export each tenant"
                + " (GET /api/v1/export or `memoria export`), then start this version on PostgreSQL (without"
                + " MEMORIA_DB_URL for the embedded one) and import the files (POST /api/v1/import or `memoria"
                + " import`; operations.md, 'From the former H2 default')";
        if (!H2_REFUSAL_LOGGED.getAndSet(true)) {
            LOG.severe(message);
        }
        return new SQLException(message);
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
