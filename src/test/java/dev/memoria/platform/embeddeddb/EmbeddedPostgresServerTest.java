package dev.memoria.platform.embeddeddb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded PostgreSQL on a folder of its own: every connection needs the password of its password file, a
 * folder an earlier version made (trusting everyone) gets one at its next start and keeps its data, a restart
 * keeps the password.
 */
class EmbeddedPostgresServerTest {

    @TempDir
    Path folder;

    @Test
    void aNewFolderAcceptsOnlyThePasswordOfItsFile() throws Exception {
        Path data = folder.resolve("postgres");
        EmbeddedPostgresServer server = EmbeddedPostgresServer.on(data);
        try {
            Path passwordFile = data.resolveSibling("postgres.password");
            String password = Files.readString(passwordFile).strip();
            assertOwnerOnly(passwordFile);
            assertRefusesWithoutThePassword(server.port());
            assertEquals(password, server.connectionProperties().getProperty("password"));
            assertFalse(server.jdbcUrl().contains(password), "the URL is logged: no password in it");

            try (Connection connection = viaTheDriver(data);
                    Statement statement = connection.createStatement()) {
                assertEquals("postgres", single(statement, "SELECT current_user"));
                assertEquals("memoria", single(statement, "SELECT current_database()"));
                assertEquals("", single(statement, "SHOW unix_socket_directories"), "no Unix socket");
                assertEquals("on", single(statement, "SHOW fsync"));
                assertEquals("on", single(statement, "SHOW synchronous_commit"));
                assertTrue(single(statement, "SELECT rolpassword FROM pg_authid WHERE rolname = 'postgres'")
                        .startsWith("SCRAM-SHA-256$"));
            }
            assertNoTrust(data);
            assertFalse(Files.exists(Path.of("/tmp/.s.PGSQL." + server.port())), "no socket in /tmp");
            assertFalse(
                    Files.getPosixFilePermissions(data.resolveSibling("postgres-binaries"))
                            .contains(PosixFilePermission.OTHERS_WRITE),
                    "nobody else can swap the binaries");

            // a restart: the same password, the file untouched
            FileTime written = Files.getLastModifiedTime(passwordFile);
            server.stop();
            server = EmbeddedPostgresServer.on(data);
            assertEquals(password, Files.readString(passwordFile).strip());
            assertEquals(written, Files.getLastModifiedTime(passwordFile));
            assertRefusesWithoutThePassword(server.port());
            try (Connection connection = viaTheDriver(data);
                    Statement statement = connection.createStatement()) {
                assertEquals("1", single(statement, "SELECT 1"));
            }
        } finally {
            server.stop();
        }
    }

    @Test
    void aFolderOfAnEarlierVersionGetsAPasswordAndKeepsItsData() throws Exception {
        Path data = folder.resolve("postgres");
        // what the earlier version made: initdb -A trust, no password, no password file
        EmbeddedPostgres earlier = EmbeddedPostgres.builder()
                .setDataDirectory(data)
                .setCleanDataDirectory(false)
                .setOverrideWorkingDirectory(folder.resolve("postgres-binaries").toFile())
                .setServerConfig("listen_addresses", "localhost")
                .setPGStartupWait(Duration.ofMinutes(1))
                .start();
        try (Connection postgres = earlier.getPostgresDatabase().getConnection();
                Statement statement = postgres.createStatement()) {
            statement.execute("CREATE DATABASE memoria ENCODING 'UTF8'");
        }
        try (Connection memoria = DriverManager.getConnection(
                        "jdbc:postgresql://localhost:" + earlier.getPort() + "/memoria", "postgres", null);
                Statement statement = memoria.createStatement()) {
            statement.execute("CREATE TABLE kept (fact text)");
            statement.execute("INSERT INTO kept VALUES ('written before the upgrade')");
        }
        earlier.close();
        assertTrue(Files.readString(data.resolve("pg_hba.conf")).contains("trust"));
        Path passwordFile = data.resolveSibling("postgres.password");
        assertFalse(Files.exists(passwordFile));

        EmbeddedPostgresServer server = EmbeddedPostgresServer.on(data);
        try {
            assertOwnerOnly(passwordFile);
            assertNoTrust(data);
            assertRefusesWithoutThePassword(server.port());
            try (Connection connection = viaTheDriver(data);
                    Statement statement = connection.createStatement()) {
                assertEquals("written before the upgrade", single(statement, "SELECT fact FROM kept"));
            }
            String password = Files.readString(passwordFile).strip();

            server.stop();
            server = EmbeddedPostgresServer.on(data);
            assertEquals(password, Files.readString(passwordFile).strip());
            assertRefusesWithoutThePassword(server.port());
            try (Connection connection = viaTheDriver(data);
                    Statement statement = connection.createStatement()) {
                assertEquals("written before the upgrade", single(statement, "SELECT fact FROM kept"));
            }
        } finally {
            server.stop();
        }
    }

    @Test
    void aDeletedPasswordFileIsReplacedByANewPassword() throws Exception {
        Path data = folder.resolve("postgres");
        Path passwordFile = data.resolveSibling("postgres.password");
        EmbeddedPostgresServer.on(data).stop();
        String first = Files.readString(passwordFile).strip();
        Files.delete(passwordFile);

        EmbeddedPostgresServer server = EmbeddedPostgresServer.on(data);
        try {
            String second = Files.readString(passwordFile).strip();
            assertFalse(first.equals(second));
            assertOwnerOnly(passwordFile);
            assertRefusesWith(server.port(), first);
            try (Connection connection = viaTheDriver(data);
                    Statement statement = connection.createStatement()) {
                assertEquals("1", single(statement, "SELECT 1"));
            }
        } finally {
            server.stop();
        }
    }

    private static Connection viaTheDriver(Path data) throws SQLException {
        return new EmbeddedPostgresDriver().connect(EmbeddedPostgresDriver.PREFIX + data, new Properties());
    }

    /** TCP to its port as postgres: refused without a password and with a wrong one. */
    private static void assertRefusesWithoutThePassword(int port) {
        Properties noPassword = new Properties();
        noPassword.setProperty("user", "postgres");
        for (String database : new String[] {"memoria", "postgres", "template1"}) {
            assertThrows(
                    SQLException.class,
                    () -> DriverManager.getConnection(
                                    "jdbc:postgresql://localhost:" + port + "/" + database, noPassword)
                            .close(),
                    database + " without a password");
        }
        assertRefusesWith(port, "not-the-password");
    }

    private static void assertRefusesWith(int port, String password) {
        SQLException refused = assertThrows(
                SQLException.class,
                () -> DriverManager.getConnection(
                                "jdbc:postgresql://localhost:" + port + "/memoria", "postgres", password)
                        .close());
        assertEquals("28P01", refused.getSQLState(), refused.getMessage()); // invalid_password
    }

    private static void assertOwnerOnly(Path file) throws Exception {
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    private static void assertNoTrust(Path data) throws Exception {
        String hba = Files.readString(data.resolve("pg_hba.conf"));
        assertEquals(EmbeddedPostgresServer.PG_HBA, hba);
        assertFalse(hba.lines().filter(line -> !line.startsWith("#")).anyMatch(line -> line.contains("trust")));
    }

    private static String single(Statement statement, String query) throws SQLException {
        try (ResultSet row = statement.executeQuery(query)) {
            assertTrue(row.next());
            return row.getString(1);
        }
    }
}
