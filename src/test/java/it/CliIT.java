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
import org.junit.jupiter.api.Assumptions;
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
        assertTrue(ok(cli(token, "restore", "before", "-s", scope))
                .out()
                .contains("Restored snapshot before: the scope now holds its "));
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
                List.of("user_profile", "work", "agentmemo-id:a1b2c3"),
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

    @Test
    void migrateSelectools13KeepsEveryFieldOfTheStoreItsMemoryFileAndItsDailyLogs() throws IOException {
        Path folder = copy("selectools-1.3");
        String token = token(Tokens.newTenant("cli-sel13"));
        Run migrated = cli(token, "--json", "migrate", "selectools", folder.toString(), "-s", "user:alice");
        assertEquals(4, migrated.exit(), "files and an entry were left out: " + migrated);
        for (String skipped : List.of(
                "skipped entries.jsonl.tmp: an unfinished write",
                "skipped knowledge.db: a SQLite database",
                "skipped entries.jsonl line 3: expired at 2026-01-06T09:00:00Z",
                "skipped entries.jsonl line 1 metadata.transcript: not kept")) {
            assertTrue(migrated.err().contains(skipped), skipped + " in " + migrated);
        }
        assertEquals(4, migrated.json().getJsonObject("facts").getInt("created"), migrated::toString);
        assertEquals(5, migrated.json().getJsonObject("logs").getInt("created"), migrated::toString);

        Api api = new Api(Api.serverBase(), token);
        JsonObject python =
                api.get("/api/v1/scopes/user:alice/search?q=python").items().getJsonObject(0);
        assertEquals("Preferred language: Python", python.getString("content"), "no [category] left in the content");
        assertEquals("preferences", python.getString("category"));
        assertEquals(0.9, python.getJsonNumber("importance").doubleValue(), 1e-9);
        assertTrue(python.getBoolean("persistent"));
        assertEquals("2026-03-13T10:15:00.123Z", python.getString("created_at"));
        assertEquals("2026-03-14T08:00:00.000Z", python.getString("updated_at"));
        assertEquals(
                List.of("selectools-id:3f2b8c1d9e4a4b7c8d6e5f4a3b2c1d0e", "source=chat", "turn=3", "nested={\"a\":1}"),
                strings(python.getJsonArray("tags")));
        JsonObject atlas =
                api.get("/api/v1/scopes/user:alice/search?q=atlas").items().getJsonObject(0);
        assertEquals("context", atlas.getString("category"));
        assertFalse(atlas.getBoolean("persistent"), "a non-persistent entry is imported too");
        assertTrue(atlas.getString("expires_at").startsWith("2126-"), "ttl_days 36500 sets expires_at: " + atlas);
        JsonObject deploys =
                api.get("/api/v1/scopes/user:alice/search?q=pipeline").items().getJsonObject(0);
        assertEquals("Deploys go through\nthe blue-green pipeline", deploys.getString("content"));
        assertEquals(
                List.of("selectools-id:5e5e5e5e5e5e4e5e8e5e5e5e5e5e5e5e", "tags=ops", "tags=deploy"),
                strings(deploys.getJsonArray("tags")));
        JsonObject acme =
                api.get("/api/v1/scopes/user:alice/search?q=acme").items().getJsonObject(0);
        assertEquals("personal", acme.getString("category"));
        assertTrue(acme.getBoolean("persistent"), "a MEMORY.md line without a store entry is still a fact");
        assertEquals("2026-01-05T09:05:00.000Z", acme.getString("created_at"), "dated by its daily-log line");
        assertEquals(
                0,
                api.get("/api/v1/scopes/user:alice/search?q=standup").items().size(),
                "an expired entry is not a fact");

        List<JsonObject> logs =
                api.get("/api/v1/scopes/user:alice/logs?days=3650").items().getValuesAs(JsonObject.class);
        assertEquals(
                List.of(
                        "2026-03-13T14:30:00.000Z",
                        "2026-03-13T10:16:00.000Z",
                        "2026-03-13T10:15:00.000Z",
                        "2026-01-05T09:05:00.000Z",
                        "2026-01-05T09:00:00.000Z"),
                logs.stream().map(log -> log.getString("timestamp")).toList());
        assertEquals(python.getString("id"), logs.get(2).getString("fact_id"));
        assertEquals("Deploys go through\nthe blue-green pipeline", logs.get(0).getString("content"));

        JsonObject again = cli(token, "--json", "migrate", "selectools", folder.toString(), "-s", "user:alice")
                .json();
        assertEquals(0, again.getJsonObject("facts").getInt("created"), again::toString);
        assertEquals(4, again.getJsonObject("facts").getInt("unchanged"), again::toString);
        assertEquals(0, again.getJsonObject("logs").getInt("created"), again::toString);
    }

    @Test
    void migrateAgentmemoBringsSnapshotsAndGoesIntoASecondScope() throws IOException {
        Path root = copy("agentmemo");
        String token = token(Tokens.newTenant("cli-am2"));
        Run migrated = cli(token, "--json", "migrate", "agentmemo", root.toString());
        assertEquals(4, migrated.exit(), migrated::toString);
        for (String skipped : List.of(
                "skipped README.txt: not part of agentmemo's YAML store",
                "skipped customer_42/knowledge.yaml.tmp: an unfinished write",
                "skipped customer_42/snapshots/week 1.yaml: the snapshot name 'week 1' is not")) {
            assertTrue(migrated.err().contains(skipped), skipped + " in " + migrated);
        }
        assertTrue(migrated.err().contains("3 skipped"), migrated::toString);
        assertEquals(3, migrated.json().getJsonObject("facts").getInt("created"), migrated::toString);
        assertEquals(1, migrated.json().getJsonObject("snapshots").getInt("created"), migrated::toString);
        Run snapshots = ok(cli(token, "snapshots", "-s", "agent:customer_42"));
        assertTrue(snapshots.out().contains("before_upgrade"), snapshots::toString);
        Run diff = ok(cli(token, "snapshots", "diff", "before_upgrade", "-s", "agent:customer_42"));
        assertTrue(
                diff.out().contains("~ Customer is on the Basic plan -> Customer is on the Pro plan")
                        && diff.out().contains("1 added, 0 removed, 1 changed"),
                "the snapshot's fact has the live fact's id: " + diff);

        Path customer = root.resolve("customer_42");
        Run second = cli(token, "--json", "migrate", "agentmemo", customer.toString(), "-s", "user:77");
        assertEquals(4, second.exit(), second::toString);
        assertEquals(2, second.json().getJsonObject("facts").getInt("created"), second::toString);
        assertEquals(1, second.json().getJsonObject("snapshots").getInt("created"), second::toString);
        Run rerun = cli(token, "--json", "migrate", "agentmemo", customer.toString(), "-s", "user:77");
        assertEquals(0, rerun.json().getJsonObject("facts").getInt("created"), rerun::toString);
        assertEquals(2, rerun.json().getJsonObject("facts").getInt("unchanged"), rerun::toString);
        assertEquals(1, rerun.json().getJsonObject("snapshots").getInt("unchanged"), rerun::toString);
        for (String scope : List.of("agent:customer_42", "user:77")) {
            assertEquals(
                    2, ok(cli(token, "stats", "--json", "-s", scope)).json().getInt("total_facts"), scope);
        }
        JsonObject german = new Api(Api.serverBase(), token)
                .get("/api/v1/scopes/user:77/search?q=german")
                .items()
                .getJsonObject(0);
        assertEquals("procedural", german.getString("type"));
        assertEquals(34, german.getInt("access_count"));
        assertEquals("2026-03-20T12:30:00.000Z", german.getString("last_accessed_at"));
    }

    @Test
    void migrateNodestepSavesEachEntryUnderItsRealKey() throws IOException {
        String token = token(Tokens.newTenant("cli-ns2"));
        Api api = new Api(Api.serverBase(), token);
        Path root = copy("nodestep");
        Run migrated = cli(token, "--json", "migrate", "nodestep", root.toString());
        assertEquals(4, migrated.exit(), migrated::toString);
        assertTrue(migrated.err().contains("skipped user/42/notes.txt: not a .json entry"), migrated::toString);
        assertEquals(3, migrated.json().getJsonObject("facts").getInt("created"), migrated::toString);
        JsonObject editor = api.get("/api/v1/scopes/user:42/facts/by-key?key=" + Api.encode("favourite editor"))
                .json();
        assertEquals("Uses Neovim with a light theme", editor.getString("content"));
        assertEquals("Editor", editor.getString("title"));
        assertEquals("2026-02-01T08:00:00.000Z", editor.getString("created_at"));
        JsonObject stack = ok(cli(token, "--json", "get", "--key", "stack/backend", "-s", "user:42"))
                .json();
        assertEquals("FastAPI on PostgreSQL", stack.getString("content"), "the key decoded from stack%2Fbackend.json");
        assertTrue(ok(cli(token, "show", "-s", "user:42")).out().contains("favourite editor"));

        Run prefixed = cli(token, "--json", "migrate", "nodestep", root.toString(), "-s", "team:x");
        assertEquals(3, prefixed.json().getJsonObject("facts").getInt("created"), prefixed::toString);
        assertEquals(
                "FastAPI on PostgreSQL",
                api.get("/api/v1/scopes/team:x:user:42/facts/by-key?key=" + Api.encode("stack/backend"))
                        .json()
                        .getString("content"));
        JsonObject again =
                cli(token, "--json", "migrate", "nodestep", root.toString()).json();
        assertEquals(3, again.getJsonObject("facts").getInt("unchanged"), again::toString);
        ok(cli(token, "forget", "--key", "favourite editor", "-s", "user:42"));
        assertEquals(
                1,
                cli(token, "get", "--key", "favourite editor", "-s", "user:42").exit());
    }

    @Test
    void migrateReadsNoSymbolicLinkAndListsEach() throws IOException {
        String secret = "The vault code is 4711, kept outside the folder";
        Path outside = Files.createDirectories(dir.resolve("elsewhere"));
        Path folder = copy("selectools-1.3");
        Files.delete(folder.resolve("MEMORY.md"));
        Files.createSymbolicLink(
                folder.resolve("MEMORY.md"),
                Files.writeString(outside.resolve("memory.md"), "- [secrets] " + secret + "\n"));
        Path logs = Files.createDirectories(outside.resolve("logs"));
        Files.writeString(
                logs.resolve("2026-02-03.jsonl"),
                "{\"timestamp\": \"2026-02-03T10:00:00Z\", \"category\": \"secrets\", \"content\": \"" + secret
                        + "\"}\n");
        Files.createSymbolicLink(folder.resolve("logs"), logs);
        Files.createSymbolicLink(folder.resolve("2026-03-14.log"), Path.of("2026-03-13.log"));
        Path given = Files.createSymbolicLink(dir.resolve("selectools-link"), folder);
        String token = token(Tokens.newTenant("cli-links"));

        Run migrated = cli(token, "--json", "migrate", "selectools", given.toString(), "-s", "user:alice");

        assertEquals(4, migrated.exit(), "links were left out: " + migrated);
        for (String skipped : List.of(
                "skipped MEMORY.md: a symbolic link to outside the folder",
                "skipped logs/: a symbolic link to outside the folder",
                "skipped 2026-03-14.log: a symbolic link, though to a path inside the folder")) {
            assertTrue(migrated.err().contains(skipped), skipped + " in " + migrated);
        }
        assertEquals(
                3,
                migrated.json().getJsonObject("facts").getInt("created"),
                "entries.jsonl's, MEMORY.md unread: " + migrated);
        Api api = new Api(Api.serverBase(), token);
        assertEquals(
                0, api.get("/api/v1/scopes/user:alice/search?q=vault").items().size(), "nothing behind a link");
        assertEquals(
                List.of(),
                api.get("/api/v1/scopes/user:alice/logs?days=3650").items().getValuesAs(JsonObject.class).stream()
                        .filter(log -> log.getString("content").contains("vault"))
                        .toList());
    }

    @Test
    void everyCommandHasHelpAndTheFactCommandsTakeIdsPrefixesAndKeys() {
        String token = token(Tokens.newTenant("cli-cmd"));
        for (String command : List.of(
                "show",
                "add",
                "get",
                "forget",
                "edit",
                "history",
                "recall",
                "search",
                "context",
                "stats",
                "decay",
                "clear",
                "scopes",
                "logs",
                "snapshot",
                "snapshots",
                "restore",
                "diff",
                "export",
                "import",
                "migrate",
                "whoami")) {
            Run help = cli(token, command, "--help");
            assertEquals(0, help.exit(), help::toString);
            assertTrue(help.out().startsWith("Usage: memoria " + command), help::toString);
        }
        assertTrue(ok(cli(token, "snapshots", "diff", "--help")).out().startsWith("Usage: memoria snapshots diff"));

        String scope = "user:42";
        JsonObject drink = ok(cli(token, "--json", "add", "Prefers espresso", "--key", "drink", "-s", scope))
                .json();
        JsonObject cat = ok(cli(token, "--json", "add", "Has a cat named Miso", "-s", scope))
                .json();
        String id = cat.getString("id");
        Run show = ok(cli(token, "show", "-s", scope));
        assertTrue(
                show.out().contains(id)
                        && show.out().contains("KEY")
                        && show.out().contains("drink"),
                show::toString);

        String prefix = id.substring(0, id.length() - 4);
        assertEquals(
                id, ok(cli(token, "--json", "get", prefix, "-s", scope)).json().getString("id"));
        assertEquals(
                drink.getString("id"),
                ok(cli(token, "--json", "get", "--key", "drink", "-s", scope))
                        .json()
                        .getString("id"));
        String shared = drink.getString("id").substring(0, 1);
        if (id.startsWith(shared)) {
            Run ambiguous = cli(token, "get", shared, "-s", scope);
            assertEquals(2, ambiguous.exit(), ambiguous::toString);
            assertTrue(ambiguous.err().contains("give more of the id"), ambiguous::toString);
        }
        Run both = cli(token, "get", id, "--key", "drink", "-s", scope);
        assertEquals(2, both.exit(), both::toString);

        JsonObject edited = ok(cli(
                        token,
                        "--json",
                        "edit",
                        prefix,
                        "--content",
                        "Has two cats",
                        "--importance",
                        "0.8",
                        "-s",
                        scope))
                .json();
        assertEquals("Has two cats", edited.getString("content"));
        assertEquals(
                "Has two cats",
                ok(cli(token, "--json", "get", id, "-s", scope)).json().getString("content"));
        assertEquals(2, cli(token, "edit", id, "-s", scope).exit(), "nothing to change");

        Run history = cli(token, "history", id, "-s", scope);
        if (history.exit() == 0) {
            assertTrue(history.out().contains("Has two cats"), history::toString);
        } else {
            assertEquals(1, history.exit(), history::toString);
            assertTrue(history.err().contains("keeps no fact history"), history::toString);
        }

        assertTrue(ok(cli(token, "scopes")).out().contains(scope));
        Run logs = ok(cli(token, "logs", "-s", scope));
        assertTrue(logs.out().contains("Prefers espresso"), logs::toString);
        assertTrue(ok(cli(token, "whoami")).out().contains("cli-cmd-"));

        ok(cli(token, "snapshots", "create", "before", "-s", scope));
        ok(cli(token, "forget", id, "-s", scope));
        Run gone = cli(token, "get", id, "-s", scope);
        assertEquals(1, gone.exit(), gone::toString);
        assertTrue(
                ok(cli(token, "snapshots", "diff", "before", "-s", scope)).out().contains("- Has two cats"));
        ok(cli(token, "snapshots", "restore", "before", "-s", scope));
        assertEquals(
                "Has two cats",
                ok(cli(token, "--json", "get", id, "-s", scope)).json().getString("content"));
        assertTrue(ok(cli(token, "snapshots", "list", "-s", scope)).out().contains("before"));
        ok(cli(token, "snapshots", "delete", "before", "-s", scope));
        assertFalse(ok(cli(token, "snapshots", "-s", scope)).out().contains("before"));
        ok(cli(token, "forget", "--key", "drink", "-s", scope));
        assertEquals(1, ok(cli(token, "stats", "--json", "-s", scope)).json().getInt("total_facts"));
    }

    @Test
    void httpsTokenAndValidationProblemsSaySentencesThatSayWhatToDo() {
        String token = token(Tokens.newTenant("cli-tls"));
        Run invalid = cli(token, "add", "Too important", "--importance", "7");
        assertEquals(1, invalid.exit(), invalid::toString);
        assertEquals(1, invalid.err().split("importance", -1).length - 1, "the error once: " + invalid);

        Map<String, Object> claims = Tokens.claims(Tokens.newTenant("cli-exp"), List.of("memory.read"));
        claims.put("iat", java.time.Instant.now().getEpochSecond() - 7200);
        claims.put("exp", java.time.Instant.now().getEpochSecond() - 3600);
        Run expired = cli(Tokens.sign(claims), "show");
        assertEquals(1, expired.exit(), expired::toString);
        assertTrue(expired.err().contains("the token expired at"), expired::toString);

        String httpsPort = System.getenv("MEMORIA_HTTPS_PORT");
        Assumptions.assumeTrue(httpsPort != null, "the test server's HTTPS port is not known");
        String https = "https://localhost:" + httpsPort + "/";
        Run untrusted = run(Map.of("MEMORIA_URL", https, "MEMORIA_TOKEN", token), "show");
        assertEquals(3, untrusted.exit(), untrusted::toString);
        assertTrue(
                untrusted.err().contains("--insecure") && untrusted.err().contains("--truststore"),
                untrusted::toString);
        assertFalse(untrusted.err().contains("PKIX"), untrusted::toString);
        ok(run(Map.of("MEMORIA_URL", https, "MEMORIA_TOKEN", token), "show", "--insecure"));
    }

    /** A test folder of src/test/resources/cli, copied where the test may change it. */
    private Path copy(String name) throws IOException {
        Path from;
        try {
            from = Path.of(CliIT.class.getResource("/cli/" + name).toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        Path to = dir.resolve(name);
        try (var files = Files.walk(from)) {
            for (Path file : files.sorted().toList()) {
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

    private static List<String> strings(jakarta.json.JsonArray array) {
        return array.getValuesAs(jakarta.json.JsonString.class).stream()
                .map(jakarta.json.JsonString::getString)
                .toList();
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
