package dev.memoria.platform.embeddeddb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FormerDataFolderTest {

    @TempDir
    Path root;

    @Test
    void movesAnEarlierServersDatabaseWithItsPasswordOnce() throws IOException {
        Path former = database(root.resolve("target/server/data/postgres"), "15");
        Files.writeString(former.resolveSibling("postgres.password"), "secret");
        Path data = root.resolve("home/.memoria/postgres");

        FormerDataFolder.moveInto(data, former);

        assertEquals("15", Files.readString(data.resolve("PG_VERSION")));
        assertEquals("rows", Files.readString(data.resolve("base/1/table")));
        assertEquals("secret", Files.readString(data.resolveSibling("postgres.password")));
        assertFalse(Files.exists(former));
        assertFalse(Files.exists(former.resolveSibling("postgres.password")));
    }

    @Test
    void leavesBothAloneWhenTheDataFolderHoldsADatabaseAlready() throws IOException {
        Path former = database(root.resolve("target/server/data/postgres"), "14");
        Path data = database(root.resolve("home/.memoria/postgres"), "15");

        FormerDataFolder.moveInto(data, former);

        assertEquals("15", Files.readString(data.resolve("PG_VERSION")));
        assertEquals("14", Files.readString(former.resolve("PG_VERSION")));
    }

    @Test
    void startsFreshWhenThereIsNothingToMove() throws IOException {
        Path data = root.resolve("home/.memoria/postgres");

        FormerDataFolder.moveInto(data, root.resolve("target/server/data/postgres"));

        assertFalse(Files.exists(data));
    }

    @Test
    void refusesAnOldH2DatabaseSayingHowToMoveOut() throws IOException {
        Path formerData = Files.createDirectories(root.resolve("target/server/data"));
        Files.writeString(formerData.resolve(FormerDataFolder.H2_FILE), "h2");

        IllegalStateException refused = assertThrows(
                IllegalStateException.class,
                () -> FormerDataFolder.moveInto(
                        root.resolve("home/.memoria/postgres"), formerData.resolve("postgres")));
        assertTrue(refused.getMessage().contains(formerData.resolve(FormerDataFolder.H2_FILE) + " is the H2 database"));
        assertTrue(refused.getMessage().contains("MEMORIA_DB_URL='jdbc:h2:" + formerData.resolve("memoria")));
        assertTrue(refused.getMessage().contains("memoria export"));
        assertTrue(refused.getMessage().contains("start the previous release once"), "this version reads no H2");
        assertFalse(Files.exists(root.resolve("home/.memoria/postgres")));
    }

    @Test
    void anH2FileBesideAMovedDatabaseIsNoReasonToRefuse() throws IOException {
        Path formerData = Files.createDirectories(root.resolve("target/server/data"));
        Files.writeString(formerData.resolve(FormerDataFolder.H2_FILE), "h2, moved out already");
        database(formerData.resolve("postgres"), "15");
        Path data = root.resolve("home/.memoria/postgres");

        FormerDataFolder.moveInto(data, formerData.resolve("postgres"));

        assertEquals("15", Files.readString(data.resolve("PG_VERSION")));
    }

    private static Path database(Path folder, String version) throws IOException {
        Files.createDirectories(folder.resolve("base/1"));
        Files.writeString(folder.resolve("PG_VERSION"), version);
        Files.writeString(folder.resolve("base/1/table"), "rows");
        return folder;
    }
}
