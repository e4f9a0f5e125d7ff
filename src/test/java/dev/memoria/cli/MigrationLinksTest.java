package dev.memoria.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code memoria migrate} reads only what lies inside the folder being migrated: every symbolic link (to a file or a
 * folder, outside the folder or inside it) is refused, never read, and listed among the skipped files with the reason.
 *
 * <p>The CLI is compiled apart from the server (the pom's compile-cli execution, into target/cli-classes), so its
 * folder readers are loaded from there and called without a server; picocli, SnakeYAML and Parsson are on the test
 * class path already.
 */
class MigrationLinksTest {

    private static final String SECRET = "The vault code is 4711, kept outside the folder";

    private static URLClassLoader cli;

    @TempDir
    Path dir;

    /** Where the link targets outside the migrated folder live. */
    private Path outside;

    /** What a folder reader returned: the export lines it made, and "what: reason" for each skipped item. */
    private record Read(List<String> lines, List<String> skipped) {
        boolean imports(String text) {
            return lines.stream().anyMatch(line -> line.contains(text));
        }

        boolean lists(String what, String reason) {
            return skipped.contains(what + ": " + reason);
        }

        List<String> skippedAs(String reason) {
            return skipped.stream().filter(s -> s.endsWith(": " + reason)).toList();
        }

        @Override
        public String toString() {
            return "lines:\n  " + String.join("\n  ", lines) + "\nskipped:\n  " + String.join("\n  ", skipped);
        }
    }

    @BeforeAll
    static void loadTheCli() throws MalformedURLException {
        Path classes = Path.of(System.getProperty("basedir", "."), "target", "cli-classes");
        assertTrue(Files.isDirectory(classes), "the CLI is compiled (compile-cli) before the tests: " + classes);
        cli = new URLClassLoader(new URL[] {classes.toUri().toURL()}, MigrationLinksTest.class.getClassLoader());
    }

    @AfterAll
    static void closeTheCli() throws IOException {
        cli.close();
    }

    @BeforeEach
    void outsideTheFolder() throws IOException {
        outside = Files.createDirectories(dir.resolve("elsewhere"));
    }

    @Test
    void selectoolsReadsNoLinkAndListsEach() throws IOException {
        Path folder = copy("selectools-1.3");
        Files.delete(folder.resolve("MEMORY.md"));
        Files.createSymbolicLink(folder.resolve("MEMORY.md"), secretFile("memory.md", "- [secrets] " + SECRET));
        Files.createSymbolicLink(
                folder.resolve("2026-02-02.log"), secretFile("day.log", "[2026-02-02 10:00:00] [secrets] " + SECRET));
        Path logs = Files.createDirectories(outside.resolve("logs"));
        Files.writeString(
                logs.resolve("2026-02-03.jsonl"),
                "{\"timestamp\": \"2026-02-03T10:00:00Z\", \"category\": \"secrets\", \"content\": \"" + SECRET
                        + "\", \"persistent\": true}\n");
        Files.createSymbolicLink(folder.resolve("logs"), logs);
        Files.createSymbolicLink(folder.resolve("2026-03-14.log"), Path.of("2026-03-13.log"));

        Read read = read("SelectoolsFolder", folder, "user:alice");

        assertFalse(read.imports(SECRET), "nothing a link points to is read: " + read);
        assertFalse(read.imports("2026-03-14.log"), "the link to a log inside the folder is not read either: " + read);
        assertTrue(read.lists("MEMORY.md", LINK_OUTSIDE), read::toString);
        assertTrue(read.lists("2026-02-02.log", LINK_OUTSIDE), read::toString);
        assertTrue(read.lists("logs/", LINK_OUTSIDE), "a linked folder is listed: " + read);
        assertTrue(read.lists("2026-03-14.log", LINK_INSIDE), read::toString);
        assertTrue(read.imports("Preferred language: Python"), "the files themselves are still read: " + read);
        assertTrue(read.imports("Working on Project Atlas this week"), read::toString);
    }

    @Test
    void agentmemoReadsNoLinkAndListsEach() throws IOException {
        Path root = copy("agentmemo");
        Path bot = root.resolve("support_bot");
        Files.delete(bot.resolve("knowledge.yaml"));
        Files.createSymbolicLink(bot.resolve("knowledge.yaml"), secretFile("knowledge.yaml", yamlFact("s1")));
        Path snapshots = Files.createDirectories(outside.resolve("snapshots"));
        Files.writeString(snapshots.resolve("leak.yaml"), yamlFact("s2"));
        Files.createSymbolicLink(bot.resolve("snapshots"), snapshots);
        Path intruder = Files.createDirectories(outside.resolve("intruder"));
        Files.writeString(intruder.resolve("knowledge.yaml"), yamlFact("s3"));
        Files.createSymbolicLink(root.resolve("intruder"), intruder);
        Files.createSymbolicLink(
                root.resolve("customer_42").resolve("snapshots").resolve("again.yaml"), Path.of("before_upgrade.yaml"));

        Read read = read("AgentmemoFolder", root, null);

        assertFalse(read.imports(SECRET), "nothing a link points to is read: " + read);
        assertFalse(read.imports("\"again\""), "the link to a snapshot inside the folder is not read: " + read);
        assertTrue(read.lists("support_bot/knowledge.yaml", LINK_OUTSIDE), read::toString);
        assertTrue(read.lists("support_bot/snapshots/", LINK_OUTSIDE), "a linked folder is listed: " + read);
        assertTrue(read.lists("intruder/", LINK_OUTSIDE), "a linked agent folder is listed: " + read);
        assertTrue(read.lists("customer_42/snapshots/again.yaml", LINK_INSIDE), read::toString);
        assertTrue(read.imports("\"before_upgrade\""), "the files themselves are still read: " + read);
    }

    @Test
    void agentmemoReadsNoLinkInOneAgentsFolder() throws IOException {
        Path customer = copy("agentmemo").resolve("customer_42");
        Files.delete(customer.resolve("knowledge.yaml"));
        Files.createSymbolicLink(customer.resolve("knowledge.yaml"), secretFile("knowledge.yaml", yamlFact("s4")));

        Read read = read("AgentmemoFolder", customer, "user:77");

        assertFalse(read.imports(SECRET), read::toString);
        assertTrue(read.lists("customer_42/knowledge.yaml", LINK_OUTSIDE), read::toString);
    }

    @Test
    void nodestepReadsNoLinkAndListsEach() throws IOException {
        Path root = copy("nodestep");
        Path user = root.resolve("memories").resolve("user");
        Files.createSymbolicLink(user.resolve("42").resolve("leak.json"), secretFile("leak.json", jsonEntry("leak")));
        Path other = Files.createDirectories(outside.resolve("99"));
        Files.writeString(other.resolve("secret.json"), jsonEntry("secret"));
        Files.createSymbolicLink(user.resolve("99"), other);
        Path global = root.resolve("memories").resolve("global");
        Files.createSymbolicLink(global.resolve("copy.json"), Path.of("office.json"));
        Files.createSymbolicLink(root.resolve("notes.json"), secretFile("notes.json", jsonEntry("notes")));
        Files.createSymbolicLink(global.resolve("gone.json"), outside.resolve("no-such-file.json"));

        Read read = read("NodestepFolder", root, null);

        assertFalse(read.imports(SECRET), "nothing a link points to is read: " + read);
        assertFalse(read.imports("\"copy\""), "the link to an entry inside the folder is not read: " + read);
        assertTrue(read.lists(path("user", "42", "leak.json"), LINK_OUTSIDE), read::toString);
        assertTrue(read.lists(path("user", "99") + "/", LINK_OUTSIDE), "a linked folder is listed: " + read);
        assertTrue(read.lists(path("global", "copy.json"), LINK_INSIDE), read::toString);
        assertTrue(read.lists("notes.json", LINK_OUTSIDE), read::toString);
        assertTrue(read.lists(path("global", "gone.json"), LINK_DANGLING), read::toString);
        assertTrue(read.imports("The office closes at six"), "the files themselves are still read: " + read);
    }

    @Test
    void nodestepReadsNoLinkedMemoriesFolder() throws IOException {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path memories = Files.createDirectories(outside.resolve("memories").resolve("global"));
        Files.writeString(memories.resolve("secret.json"), jsonEntry("secret"));
        Files.createSymbolicLink(root.resolve("memories"), memories.getParent());

        Read read = read("NodestepFolder", root, null);

        assertFalse(read.imports(SECRET), read::toString);
        assertTrue(read.lists("memories/", LINK_OUTSIDE), read::toString);
    }

    @Test
    void theFolderGivenMayItselfBeALink() throws IOException {
        Path selectools = Files.createSymbolicLink(dir.resolve("selectools-link"), copy("selectools-1.3"));
        Path agentmemo = Files.createSymbolicLink(dir.resolve("agentmemo-link"), copy("agentmemo"));
        Path nodestep = Files.createSymbolicLink(dir.resolve("nodestep-link"), copy("nodestep"));

        Read fromSelectools = read("SelectoolsFolder", selectools, "user:alice");
        Read fromAgentmemo = read("AgentmemoFolder", agentmemo, null);
        Read fromNodestep = read("NodestepFolder", nodestep, null);

        assertTrue(fromSelectools.imports("Preferred language: Python"), fromSelectools::toString);
        assertTrue(fromAgentmemo.imports("Escalate refunds over 500 EUR"), fromAgentmemo::toString);
        assertTrue(fromNodestep.imports("The office closes at six"), fromNodestep::toString);
        for (Read read : List.of(fromSelectools, fromAgentmemo, fromNodestep)) {
            assertEquals(List.of(), read.skippedAs(LINK_OUTSIDE), read::toString);
            assertEquals(List.of(), read.skippedAs(LINK_INSIDE), read::toString);
        }
    }

    private static final String LINK_OUTSIDE =
            "a symbolic link to outside the folder: a migration follows no link and reads nothing it points to";
    private static final String LINK_DANGLING =
            "a symbolic link to nothing that exists: a migration follows no link and reads nothing it points to";
    private static final String LINK_INSIDE =
            "a symbolic link, though to a path inside the folder: a migration follows no link, not even one that"
                    + " stays inside";

    private static String yamlFact(String id) {
        return id + ":\n  content: \"" + SECRET + "\"\n  type: semantic\n";
    }

    private static String jsonEntry(String key) {
        return "{\"key\": \"" + key + "\", \"content\": \"" + SECRET + "\", \"scope\": \"global\"}";
    }

    private static String path(String... segments) {
        return String.join(java.io.File.separator, segments);
    }

    private Path secretFile(String name, String text) throws IOException {
        return Files.writeString(outside.resolve(name), text + "\n");
    }

    /** A copy of a fixture folder of src/test/resources/cli, which the test may change. */
    private Path copy(String fixture) throws IOException {
        Path from = Path.of(System.getProperty("basedir", "."), "src", "test", "resources", "cli", fixture);
        Path to = dir.resolve(fixture);
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path file : walk.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
        return to;
    }

    @Test
    void aSelectoolsEntryThatExpiredIsNotBroughtBackByItsMemoryMdLine() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("expired"));
        Files.writeString(
                folder.resolve("entries.jsonl"),
                "{\"id\": \"e1\", \"content\": \"Door code is 1234\", \"category\": \"home\", \"persistent\": true,"
                        + " \"ttl_days\": 1, \"created_at\": \"2020-01-01T00:00:00+00:00\", \"updated_at\": \"2020-01-01T00:00:00+00:00\"}\n"
                        + "{\"id\": \"e2\", \"content\": \"Prefers tea\", \"category\": \"food\", \"persistent\": true,"
                        + " \"created_at\": \"2020-01-01T00:00:00+00:00\", \"updated_at\": \"2020-01-01T00:00:00+00:00\"}\n");
        Files.writeString(
                folder.resolve("MEMORY.md"), "# Memory\n\n- [home] Door code is 1234\n- [food] Prefers tea\n");

        Read read = read("SelectoolsFolder", folder, "user:alice");

        assertFalse(read.imports("Door code is 1234"), "the expired entry stays out: " + read);
        assertTrue(read.imports("Prefers tea"), read::toString);
        assertTrue(
                read.skipped().stream()
                        .anyMatch(s -> s.startsWith("MEMORY.md line 3: its entry in entries.jsonl expired")),
                read::toString);
    }

    /** The reader's static read(Path, String, Runnable), called on the CLI's own classes. */
    private static Read read(String reader, Path folder, String scope) {
        try {
            Class<?> type = Class.forName("dev.memoria.cli." + reader, true, cli);
            Object migration = call(type, null, "read", folder, scope, (Runnable) () -> {});
            List<String> lines = ((List<?>) call(migration.getClass(), migration, "lines"))
                    .stream().map(Object::toString).toList();
            List<String> skipped = ((List<?>) call(migration.getClass(), migration, "skipped"))
                    .stream()
                            .map(s -> call(s.getClass(), s, "what") + ": " + call(s.getClass(), s, "reason"))
                            .toList();
            return new Read(lines, skipped);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    private static Object call(Class<?> type, Object target, String name, Object... args) {
        for (Method method : type.getDeclaredMethods()) {
            if (method.getName().equals(name) && method.getParameterCount() == args.length) {
                method.setAccessible(true);
                try {
                    return method.invoke(target, args);
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                } catch (InvocationTargetException e) {
                    throw new AssertionError("the reader failed: " + e.getCause(), e.getCause());
                }
            }
        }
        throw new AssertionError("no method " + name + " in " + type);
    }
}
