package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The memoria CLI jar, run as a process against the test server, as a user or a script runs it. A client of the
 * REST API only: it runs in the embedded-database phase, and the PostgreSQL phase leaves it out for time.
 */
@ExtendWith(ArquillianExtension.class)
@DisabledIfSystemProperty(named = "it.db.url", matches = "jdbc:postgresql:.*")
class CliIT extends Deployments {

    private record Run(int exit, String out, String err) {
        JsonObject json() {
            return Json.createReader(new StringReader(out)).readObject();
        }

        @Override
        public String toString() {
            return "exit " + exit + "\nout: " + out + "\nerr: " + err;
        }
    }

    @TempDir
    Path dir;

    @Test
    void theTourRunsThroughTheCli() {
        String token = token(Tokens.newTenant("cli"));
        String scope = "user:42";
        ok(cli(
                token,
                "add",
                "Prefers espresso after lunch",
                "-s",
                scope,
                "--category",
                "preferences",
                "--persistent",
                "--tag",
                "coffee",
                "--key",
                "drink"));
        ok(cli(token, "add", "Has a cat named Miso", "-s", scope, "--type", "episodic", "--importance", "0.8"));
        Run show = ok(cli(token, "show", "-s", scope));
        assertTrue(
                show.out().contains("* Prefers espresso after lunch")
                        && show.out().contains("Has a cat named Miso"),
                show::toString);
        assertTrue(show.out().contains("2 facts"), show::toString);

        JsonObject recall =
                ok(cli(token, "--json", "recall", "cat", "-s", scope)).json();
        assertEquals(
                "Has a cat named Miso",
                recall.getJsonArray("items")
                        .getJsonObject(0)
                        .getJsonObject("fact")
                        .getString("content"));
        assertTrue(ok(cli(token, "search", "espresso", "-s", scope)).out().contains("Prefers espresso"));
        assertTrue(ok(cli(token, "context", "-s", scope)).out().contains("[Long-term Memory]"));
        assertEquals(2, ok(cli(token, "stats", "--json", "-s", scope)).json().getInt("total_facts"));

        ok(cli(token, "snapshot", "before", "-s", scope));
        ok(cli(token, "add", "Moved to Lisbon", "-s", scope));
        Run diff = ok(cli(token, "diff", "before", "-s", scope));
        assertTrue(
                diff.out().contains("+ Moved to Lisbon") && diff.out().contains("1 added, 0 removed, 0 changed"),
                diff::toString);
        ok(cli(token, "restore", "before", "-s", scope));
        assertFalse(ok(cli(token, "show", "-s", scope)).out().contains("Lisbon"));
        assertTrue(ok(cli(token, "decay", "--json", "-s", scope)).json().containsKey("forgotten"));

        Run refused = cli(token, "clear", "-s", scope);
        assertEquals(2, refused.exit(), refused::toString);
        assertEquals(
                2,
                ok(cli(token, "stats", "--json", "-s", scope)).json().getInt("total_facts"),
                "clear without --yes deletes nothing");
        ok(cli(token, "clear", "--yes", "-s", scope));
        assertEquals(0, ok(cli(token, "stats", "--json", "-s", scope)).json().getInt("total_facts"));
    }

    @Test
    void exportThenImportMovesATenant() throws IOException {
        String source = token(Tokens.newTenant("cli-src"));
        ok(cli(source, "add", "Ships on Fridays", "-s", "project:x", "--type", "procedural"));
        ok(cli(source, "add", "Prefers tea", "-s", "user:1", "--persistent"));
        Path file = dir.resolve("tenant.ndjson");
        Run exported = ok(cli(source, "export", "-o", file.toString()));
        assertTrue(exported.err().contains("Exported 4 lines"), exported::toString);

        String target = token(Tokens.newTenant("cli-dst"));
        Run dry = ok(cli(target, "import", file.toString(), "--dry-run"));
        assertTrue(dry.out().contains("dry run"), dry::toString);
        assertEquals(
                0, ok(cli(target, "stats", "--json", "-s", "user:1")).json().getInt("total_facts"));
        JsonObject counts = ok(cli(target, "--json", "import", file.toString())).json();
        assertEquals(2, counts.getJsonObject("facts").getInt("created"), counts::toString);
        JsonObject again = ok(cli(target, "--json", "import", file.toString())).json();
        assertEquals(2, again.getJsonObject("facts").getInt("unchanged"), again::toString);

        Path copy = dir.resolve("copy.ndjson");
        ok(cli(target, "export", "-o", copy.toString()));
        assertEquals(lines(file), lines(copy));
        assertEquals(
                lines(file), Set.copyOf(ok(cli(target, "export")).out().lines().toList()), "export to standard output");
    }

    @Test
    void failuresPrintTheProblemAndExitWithACodeScriptsCanTest() {
        String token = token(Tokens.newTenant("cli-err"));
        Run invalid = cli(token, "add", "Too important", "--importance", "7");
        assertEquals(1, invalid.exit(), invalid::toString);
        assertTrue(invalid.err().contains("Invalid input") && invalid.err().contains("importance"), invalid::toString);
        Run missing = cli(token, "restore", "no-such-snapshot");
        assertEquals(1, missing.exit(), missing::toString);
        assertTrue(missing.err().startsWith("error: Not found"), missing::toString);
        Run forged = cli("not-a-token", "show");
        assertEquals(1, forged.exit(), forged::toString);
        for (Run run : List.of(invalid, missing, forged)) {
            assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), run::toString);
        }

        Run noServer = run(Map.of("MEMORIA_URL", "http://localhost:1/", "MEMORIA_TOKEN", token), "show");
        assertEquals(3, noServer.exit(), noServer::toString);
        assertTrue(noServer.err().contains("cannot reach the server at http://localhost:1/"), noServer::toString);
        assertEquals(2, run(Map.of("MEMORIA_URL", url()), "show").exit(), "no token");
        assertEquals(2, cli(token, "no-such-command").exit());
        assertEquals(2, cli(token, "add").exit(), "no content");
        Run help = cli(token, "--help");
        assertEquals(0, help.exit());
        assertTrue(help.out().contains("migrate") && help.out().contains("recall"), help::toString);
    }

    @Test
    void migrateSelectoolsKeepsCategoriesPersistenceAndLogTimes() throws IOException {
        Path folder = dir.resolve("agent_memory");
        Files.createDirectories(folder.resolve("logs"));
        Files.writeString(
                folder.resolve("MEMORY.md"),
                "# Agent Memory\n\n## preferences\n- Preferred language: Python\n\n"
                        + "## personal\n- Works at Acme Corp\n");
        Files.writeString(
                folder.resolve("logs/2026-03-13.jsonl"),
                String.join(
                        "\n",
                        "{\"timestamp\": \"2026-03-13T10:15:00Z\", \"category\": \"preferences\", \"content\": \"Preferred language: Python\", \"persistent\": true}",
                        "{\"timestamp\": \"2026-03-13T10:16:00Z\", \"category\": \"context\", \"content\": \"Working on Project Atlas this week\", \"persistent\": false}",
                        "{\"timestamp\": \"2026-03-13T14:30:00Z\", \"category\": \"technical\", \"content\": \"Uses PostgreSQL for production databases\", \"persistent\": true}",
                        "{not json at all"));
        String token = token(Tokens.newTenant("cli-sel"));
        Run migrated = cli(token, "--json", "migrate", "selectools", folder.toString(), "--scope", "user:alice");
        assertEquals(4, migrated.exit(), "a skipped line: " + migrated);
        assertTrue(
                migrated.err().contains("skipped logs/2026-03-13.jsonl line 4: not a JSON object"), migrated::toString);
        assertEquals(4, migrated.json().getJsonObject("facts").getInt("created"), migrated::toString);
        assertEquals(3, migrated.json().getJsonObject("logs").getInt("created"), migrated::toString);

        Api api = new Api(Api.serverBase(), token);
        assertEquals(
                "# Agent Memory\n\n## preferences\n- Preferred language: Python\n\n## technical\n- Uses PostgreSQL for production databases\n\n"
                        + "## personal\n- Works at Acme Corp\n",
                api.get("/api/v1/scopes/user:alice/memory.md").body().replace("\r", ""));
        List<JsonObject> logs =
                api.get("/api/v1/scopes/user:alice/logs?days=3650").items().getValuesAs(JsonObject.class);
        assertEquals(
                List.of("2026-03-13T14:30:00.000Z", "2026-03-13T10:16:00.000Z", "2026-03-13T10:15:00.000Z"),
                logs.stream().map(log -> log.getString("timestamp")).toList());
        JsonObject atlas =
                api.get("/api/v1/scopes/user:alice/search?q=atlas").items().getJsonObject(0);
        assertEquals("context", atlas.getString("category"));
        assertFalse(atlas.getBoolean("persistent"));
        assertEquals("2026-03-13T10:16:00.000Z", atlas.getString("created_at"));

        JsonObject again = cli(token, "--json", "migrate", "selectools", folder.toString(), "--scope", "user:alice")
                .json();
        assertEquals(0, again.getJsonObject("facts").getInt("created"), again::toString);
        assertEquals(0, again.getJsonObject("logs").getInt("created"), again::toString);
    }

    @Test
    void migrateAgentmemoKeepsTypeImportanceAccessesTagsAndTimes() throws IOException {
        Path root = dir.resolve(".agentmemo");
        Files.createDirectories(root.resolve("my_agent"));
        Files.writeString(root.resolve("my_agent/knowledge.yaml"), """
                a1b2c3:
                  content: "User is a senior backend developer at Acme Corp"
                  type: semantic
                  importance: 0.95
                  retention_score: 0.91
                  access_count: 12
                  created_at: '2026-03-01T10:00:00+00:00'
                  last_accessed: '2026-03-27T09:00:00+00:00'
                  tags: [user_profile, work]

                d4e5f6:
                  content: "User prefers Python, dislikes async patterns"
                  type: procedural
                  importance: 0.85
                  retention_score: 0.88
                  access_count: 34
                """);
        Files.createDirectories(root.resolve("broken"));
        Files.writeString(root.resolve("broken/knowledge.yaml"), "a: [unclosed\n");
        String token = token(Tokens.newTenant("cli-am"));
        Run migrated = cli(token, "--json", "migrate", "agentmemo", root.toString());
        assertEquals(4, migrated.exit(), migrated::toString);
        assertTrue(migrated.err().contains("skipped broken/knowledge.yaml: not YAML"), migrated::toString);
        assertEquals(2, migrated.json().getJsonObject("facts").getInt("created"), migrated::toString);

        Api api = new Api(Api.serverBase(), token);
        JsonObject developer = api.get("/api/v1/scopes/agent:my_agent/search?q=backend")
                .items()
                .getJsonObject(0);
        assertEquals(0.95, developer.getJsonNumber("importance").doubleValue(), 1e-9);
        assertEquals(12, developer.getInt("access_count"));
        assertEquals(
                List.of("user_profile", "work"),
                developer.getJsonArray("tags").getValuesAs(jakarta.json.JsonString.class).stream()
                        .map(jakarta.json.JsonString::getString)
                        .toList());
        assertEquals("2026-03-01T10:00:00.000Z", developer.getString("created_at"));
        assertEquals("2026-03-27T09:00:00.000Z", developer.getString("last_accessed_at"));
        JsonObject python =
                api.get("/api/v1/scopes/agent:my_agent/search?q=python").items().getJsonObject(0);
        assertEquals("procedural", python.getString("type"));
        assertEquals(34, python.getInt("access_count"));

        Run again = cli(
                token,
                "--json",
                "migrate",
                "agentmemo",
                root.resolve("my_agent").toString());
        assertEquals(0, again.exit(), again::toString);
        assertEquals(2, again.json().getJsonObject("facts").getInt("unchanged"), again::toString);
    }

    @Test
    void migrateNodestepKeepsScopesKeysTitlesTypeLabelsAndTimes() throws IOException {
        Path root = dir.resolve("nodestep");
        Files.createDirectories(root.resolve("memories/user/42"));
        Files.createDirectories(root.resolve("memories/global"));
        Files.writeString(
                root.resolve("memories/user/42/editor.json"),
                "{\"key\":\"editor\",\"title\":\"Editor\",\"content\":"
                        + "\"Uses Neovim with a light theme\",\"memory_type\":\"preference\",\"scope\":\"user:42\","
                        + "\"created_at\":\"2026-02-01T08:00:00\",\"updated_at\":\"2026-02-03T09:30:00+00:00\"}");
        Files.writeString(
                root.resolve("memories/global/office.json"),
                "{\"key\":\"office\",\"title\":\"Office\",\"content\":"
                        + "\"The office closes at six\",\"memory_type\":\"fact\",\"scope\":\"global\"}");
        Files.write(root.resolve("memories/user/42/broken.json"), new byte[] {'{', (byte) 0xff, '}'});
        String token = token(Tokens.newTenant("cli-ns"));
        Run migrated = cli(token, "--json", "migrate", "nodestep", root.toString());
        assertEquals(4, migrated.exit(), migrated::toString);
        assertTrue(migrated.err().contains("skipped user/42/broken.json: not UTF-8 text"), migrated::toString);

        Api api = new Api(Api.serverBase(), token);
        JsonObject editor =
                api.get("/api/v1/scopes/user:42/facts/by-key/editor").json();
        assertEquals("Editor", editor.getString("title"));
        assertEquals("preference", editor.getString("category"));
        assertEquals("2026-02-01T08:00:00.000Z", editor.getString("created_at"));
        assertEquals("2026-02-03T09:30:00.000Z", editor.getString("updated_at"));
        assertEquals(
                "The office closes at six",
                api.get("/api/v1/scopes/global/facts/by-key/office").json().getString("content"));

        JsonObject again =
                cli(token, "--json", "migrate", "nodestep", root.toString()).json();
        assertEquals(0, again.getJsonObject("facts").getInt("created"), again::toString);
        assertEquals(2, again.getJsonObject("facts").getInt("unchanged"), again::toString);
    }

    private static String token(String tenant) {
        return Tokens.token(tenant, List.of("memory.admin"));
    }

    private static String url() {
        return Api.serverBase().toString();
    }

    private static Run ok(Run run) {
        assertEquals(0, run.exit(), run::toString);
        return run;
    }

    private static Run cli(String token, String... args) {
        return run(Map.of("MEMORIA_URL", url(), "MEMORIA_TOKEN", token), args);
    }

    private static Run run(Map<String, String> env, String... args) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-jar",
                System.getProperty("it.cli.jar")));
        command.addAll(Arrays.asList(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().remove("MEMORIA_URL");
        builder.environment().remove("MEMORIA_TOKEN");
        builder.environment().remove("MEMORIA_SCOPE");
        builder.environment().putAll(env);
        try {
            Process process = builder.start();
            process.getOutputStream().close();
            var out = new java.util.concurrent.CompletableFuture<String>();
            Thread reader = new Thread(() -> out.complete(read(process.getInputStream())));
            reader.start();
            String err = read(process.getErrorStream());
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("the CLI did not finish: " + command);
            }
            return new Run(process.exitValue(), out.get(), err);
        } catch (IOException | java.util.concurrent.ExecutionException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Set<String> lines(Path file) throws IOException {
        return Files.readAllLines(file).stream().filter(line -> !line.isBlank()).collect(Collectors.toSet());
    }
}
