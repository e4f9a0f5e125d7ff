package it.security;

import static it.support.ProblemAssertions.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Input, paths: no name a client chooses may be a dot segment. Clients remove dot segments before they send
 * (curl, URI.resolve), so a snapshot named {@code ..} turned {@code DELETE …/snapshots/..} into a scope clear.
 */
@ExtendWith(ArquillianExtension.class)
class PathNamesIT extends Deployments {

    private static final String TENANT = Tokens.newTenant("pathnames");
    private static final String ADMIN = Tokens.token(TENANT, Tokens.ALL_ROLES);

    private final Api api = new Api(Api.serverBase(), ADMIN);
    private final String scope = "user:" + UUID.randomUUID().toString().substring(0, 8);

    @Test
    void aSnapshotMayNotBeNamedDotOrDotDotByAnyDoor() {
        remember("Keeps bonsai trees on the balcony");
        for (String name : List.of(".", "..")) {
            assertProblem(api.post(path("snapshots"), "{\"name\":\"" + name + "\"}"), 400);
            assertProblem(
                    api.post(path("tool-calls"), "{\"name\":\"snapshot\",\"arguments\":{\"name\":\"" + name + "\"}}"),
                    400);
        }
        assertEquals(0, api.get(path("snapshots")).items().size(), "no snapshot was made");
        String line = "{\"kind\":\"snapshot\",\"scope\":\"" + scope + "\",\"name\":\"..\","
                + "\"created_at\":\"2026-01-01T00:00:00Z\",\"facts\":[]}";
        assertProblem(api.send("POST", "api/v1/import", line + "\n", "application/x-ndjson"), 400);
        assertEquals(0, api.get(path("snapshots")).items().size(), "the import wrote nothing");
    }

    @Test
    void aKeyOrWindowIdOfDotsClimbsToNothingDestructive() {
        // keys are any text (API.md); their parent paths have no DELETE, so a client that removes dot segments
        // reaches a 405, and the query form carries such keys as they are
        assertEquals(
                201,
                api.put(path("facts/by-key?key=" + Api.encode("..")), "{\"content\":\"dots\"}")
                        .status());
        assertEquals(405, api.delete(path("facts")).status());
        assertEquals(405, api.delete(path("windows")).status());
        assertEquals(1, api.get(path("facts")).items().size(), "the scope keeps its fact");
    }

    @Test
    void theCliDeletingASnapshotNamedDotDotNeverClearsTheScope() throws Exception {
        remember("Keeps bonsai trees on the balcony");
        Run run = cli("snapshots", "delete", "..", "-s", scope);
        assertNotEquals(0, run.exit(), run::toString);
        assertTrue(!run.out().contains("Deleted"), run::toString);
        assertEquals(1, api.get(path("facts")).items().size(), "the scope keeps its fact: " + run);
    }

    private void remember(String content) {
        assertEquals(
                201,
                api.post(path("facts"), "{\"content\":\"" + content + "\"}").status());
    }

    private String path(String rest) {
        return "api/v1/scopes/" + scope + "/" + rest;
    }

    private record Run(int exit, String out, String err) {}

    private static Run cli(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                System.getProperty("it.cli.jar")));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(Map.of("MEMORIA_URL", Api.serverBase().toString(), "MEMORIA_TOKEN", ADMIN));
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the CLI did not finish");
        }
        return new Run(process.exitValue(), out, "");
    }
}
