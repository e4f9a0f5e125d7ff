package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Await;
import it.support.Deployments;
import it.support.KillableServer;
import it.support.Tokens;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An acknowledged write survives a SIGKILL of the server, and a write in flight is either all there or not
 * at all: batches written by concurrent writers, a snapshot restore and a MEMORY.md import, each killed
 * midway, then checked after a restart on the same data; and a restart with another embedding model re-embeds
 * every fact in the background. The server under test is a second one of the phase's installation (the embedded
 * default database, or the phase's database on PostgreSQL).
 */
@ExtendWith(ArquillianExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CrashIT extends Deployments {

    private static final int WRITERS = 4;
    private static final int BATCH = 50;
    private static final int ERASED_SCOPES = 20;

    private static KillableServer server;

    private final String tenant = Tokens.newTenant("crash");
    private final Api api = new Api(server.base(), Tokens.token(tenant, Tokens.ALL_ROLES));

    @BeforeAll
    static void startServer() {
        server = KillableServer.create();
        server.start();
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    @Order(2)
    void aKillDuringBatchesARestoreAndAnImportLosesNothingAcknowledgedAndLeavesNothingHalfDone() throws Exception {
        String restored = "crash:restore";
        Set<String> snapshotIds = write(restored, 1000, "alpha");
        assertEquals(
                201,
                api.post(scopePath(restored) + "/snapshots", "{\"name\":\"a\"}").status());
        Set<String> beforeRestore = new HashSet<>(snapshotIds);
        beforeRestore.addAll(write(restored, 1000, "omega"));
        String imported = "crash:import";
        assertEquals(
                200,
                api.send("PUT", scopePath(imported) + "/memory.md", memoryMd("kept", 10), "text/markdown")
                        .status());
        List<String> erased = IntStream.range(0, ERASED_SCOPES)
                .mapToObj(i -> "crash:erase:s" + i + ":user:9")
                .toList();
        erased.forEach(scope -> write(scope, 100, "erasable"));
        long restoreMillis = timedRestoreElsewhere();
        long importMillis = timedImportElsewhere();

        Writers writers = Writers.start(this, "crash:w");
        CompletableFuture<Api.Reply> restore =
                CompletableFuture.supplyAsync(() -> api.post(scopePath(restored) + "/snapshots/a/restore", ""));
        CompletableFuture<Api.Reply> importing = CompletableFuture.supplyAsync(
                () -> api.send("PUT", scopePath(imported) + "/memory.md", memoryMd("imported", 5000), "text/markdown"));
        CompletableFuture<Api.Reply> erasing =
                CompletableFuture.supplyAsync(() -> api.post("api/v1/erasures", "{\"subject\":\"user:9\"}"));
        // the timed runs had the server to themselves; now the writers share it, so each takes longer
        long killAfter = Math.min(restoreMillis, importMillis) / 2;
        Thread.sleep(killAfter);
        writers.killed.set(true);
        server.kill();
        writers.join();
        String restoreFate = answeredBeforeTheKill(restore);
        String importFate = answeredBeforeTheKill(importing);
        String erasureFate = answeredBeforeTheKill(erasing, 201);
        server.start();

        System.out.printf(
                "CrashIT (%s), killed %d ms into a restore (%d ms alone; %s) and an import (%d ms alone; %s):%n",
                database(), killAfter, restoreMillis, restoreFate, importMillis, importFate);
        everyAcknowledgedBatchIsWholeAndNoneIsHalfThere(writers.acknowledged);
        theRestoredScopeIsAsBeforeOrAsAfter(restored, beforeRestore, snapshotIds);
        theImportedScopeIsAsBeforeOrAsAfter(imported);
        everyErasedScopeIsUntouchedOrFullyErased(erased, erasureFate);
    }

    private void everyErasedScopeIsUntouchedOrFullyErased(List<String> scopes, String fate) {
        Set<String> listed = api.get("api/v1/scopes?limit=1000").items().stream()
                .map(scope -> scope.asJsonObject().getString("scope"))
                .collect(Collectors.toSet());
        int gone = 0;
        for (String scope : scopes) {
            int facts = api.get(scopePath(scope) + "/stats").json().getInt("total_facts");
            assertTrue(
                    facts == 100 && listed.contains(scope) || facts == 0 && !listed.contains(scope),
                    () -> scope + " holds " + facts + " facts: half erased");
            gone += facts == 0 ? 1 : 0;
        }
        System.out.printf(
                "  an erasure of %d scopes (%s): %d fully erased, %d untouched, none half%n",
                scopes.size(), fate, gone, scopes.size() - gone);
    }

    /**
     * Where H2 lost acknowledged commits: a database that has just taken a large write and embedded it, then kill
     * after kill while writers commit batches and the embedding worker is busy with their facts. On the embedded
     * database every other kill takes its PostgreSQL down too. {@code it.crash.kills} and {@code it.crash.load}
     * make the long run by hand.
     */
    @Test
    @Order(3)
    void killAfterKillAfterALargeWriteLosesNoAcknowledgedBatch() throws Exception {
        int kills = Integer.getInteger("it.crash.kills", 4);
        int load = Integer.getInteger("it.crash.load", 5000);
        write("crash:bulk", load, "bulk");
        assertEquals(load, awaitEmbedded("crash:bulk"), "the large write is embedded");
        Random random = new Random(39);
        int acknowledged = 0;
        int whole = 0;
        for (int kill = 0; kill < kills; kill++) {
            Writers writers = Writers.start(this, "crash:k" + kill + ":w");
            Thread.sleep(1000 + random.nextInt(4000));
            writers.killed.set(true);
            server.kill();
            if (server.onEmbeddedDatabase() && kill % 2 == 1) {
                server.killEmbeddedDatabase();
            }
            writers.join();
            server.start();
            everyAcknowledgedBatchIsWholeAndNoneIsHalfThere(writers.acknowledged);
            acknowledged +=
                    writers.acknowledged.values().stream().mapToInt(Set::size).sum();
            for (Map.Entry<String, Set<Integer>> writer : writers.acknowledged.entrySet()) {
                Set<Integer> present = factsPerBatch(writer.getKey()).keySet();
                whole += (int)
                        writer.getValue().stream().filter(present::contains).count();
            }
        }
        System.out.printf(
                "CrashIT (%s) kill loop: %d kills after %d facts and their vectors; %d batches acknowledged,"
                        + " %d present, %d lost%n",
                database(), kills, load, acknowledged, whole, acknowledged - whole);
        assertEquals(acknowledged, whole, "every acknowledged batch survives every kill");
        // the model change after this test re-embeds what is left: leave it only the scope it checks
        assertEquals(204, api.delete(scopePath("crash:bulk")).status());
        for (int kill = 0; kill < kills; kill++) {
            for (int w = 0; w < WRITERS; w++) {
                assertEquals(
                        204, api.delete(scopePath("crash:k" + kill + ":w" + w)).status());
            }
        }
    }

    /** Concurrent writers of 50-fact batches, each remembering which of its batches were acknowledged. */
    private record Writers(Map<String, Set<Integer>> acknowledged, AtomicBoolean killed, List<Future<?>> running) {

        static Writers start(CrashIT test, String scopePrefix) throws InterruptedException {
            Writers writers = new Writers(new ConcurrentHashMap<>(), new AtomicBoolean(), new ArrayList<>());
            ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
            for (int w = 0; w < WRITERS; w++) {
                String scope = scopePrefix + w;
                Set<Integer> batches = ConcurrentHashMap.newKeySet();
                writers.acknowledged.put(scope, batches);
                writers.running.add(pool.submit(() -> test.writeUntilKilled(scope, batches, writers.killed)));
            }
            pool.shutdown();
            // bounded: a writer that never gets a batch acknowledged fails here instead of hanging the build
            Await.until(
                    "every writer's first acknowledged batch",
                    Duration.ofMinutes(2),
                    Duration.ofMillis(50),
                    () -> writers.acknowledged.values().stream().noneMatch(Set::isEmpty));
            return writers;
        }

        void join() throws Exception {
            for (Future<?> writer : running) {
                writer.get(60, TimeUnit.SECONDS); // a writer that saw a 5xx before the kill fails here
            }
        }
    }

    /**
     * First, while the server holds few facts to re-embed: the tests after it restart the server on the phase's
     * model, which re-embeds only this test's few facts again.
     */
    @Test
    @Order(1)
    void changingTheEmbeddingModelReEmbedsEveryFactInTheBackground() {
        String scope = "crash:model";
        write(scope, 40, "harbour");
        assertEquals(40, awaitEmbedded(scope), "embedded by the default model");
        server.restart(Map.of("MEMORIA_EMBEDDINGS_LOCAL_MODEL", "bge-small-en-v1.5-q"));

        JsonObject embeddings = api.as(null).get("health").json().getJsonArray("checks").stream()
                .map(JsonValue::asJsonObject)
                .filter(check -> check.getString("name").equals("embeddings"))
                .findFirst()
                .orElseThrow()
                .getJsonObject("data");
        assertEquals("bge-small-en-v1.5-q", embeddings.getString("model"));
        assertEquals(40, awaitEmbedded(scope), "every fact has a vector of the new model");
        JsonObject recall = api.get(scopePath(scope) + "/recall?q=" + Api.encode("boats at the port"))
                .json();
        assertEquals("hybrid", recall.getString("mode"), "recall uses the new model's vectors only");
        if (!server.onEmbeddedDatabase()) { // a rolling change: the phase's server, on the old model, keeps its vectors
            Api managed = new Api(Api.serverBase(), Tokens.token(tenant, Tokens.ALL_ROLES));
            JsonObject stats = managed.get(scopePath(scope) + "/stats").json();
            assertEquals(
                    40, stats.getInt("embedded_facts"), "the old model's vectors are not replaced by the new one's");
            assertEquals(
                    201,
                    api.post(scopePath(scope) + "/facts", "{\"content\":\"The ferry leaves the harbour at noon\"}")
                            .status());
            assertEquals(41, awaitEmbedded(scope), "a fact written on the new model's server is embedded by it");
            assertEquals(41, awaitEmbedded(managed, scope), "and by the old model's server");
        }
    }

    /** Waits until the scope's backlog is empty and returns how many facts have a vector of the current model. */
    private int awaitEmbedded(String scope) {
        return awaitEmbedded(api, scope);
    }

    private static int awaitEmbedded(Api api, String scope) {
        // a bound for a stuck worker, not a speed: 5,000 facts take 30 s alone, minutes on a busy 2-core machine
        return Await.embedded(api, scope, 0, Duration.ofMinutes(15));
    }

    private void everyAcknowledgedBatchIsWholeAndNoneIsHalfThere(Map<String, Set<Integer>> acknowledged) {
        int acked = 0;
        int found = 0;
        for (Map.Entry<String, Set<Integer>> writer : acknowledged.entrySet()) {
            Map<Integer, Integer> factsPerBatch = factsPerBatch(writer.getKey());
            for (int batch : writer.getValue()) {
                assertEquals(
                        BATCH,
                        factsPerBatch.getOrDefault(batch, 0),
                        () -> writer.getKey() + ": acknowledged batch " + batch + " is not whole after the kill");
            }
            factsPerBatch.forEach((batch, count) ->
                    assertEquals(BATCH, count, () -> writer.getKey() + ": batch " + batch + " is half there"));
            JsonObject stats = api.get(scopePath(writer.getKey()) + "/stats").json();
            int listed =
                    factsPerBatch.values().stream().mapToInt(Integer::intValue).sum();
            assertEquals(listed, stats.getInt("total_facts"), "stats count what the list shows");
            assertEquals(listed, stats.getInt("log_entries"), "every fact kept its daily-log entry, and no other");
            int last =
                    writer.getValue().stream().mapToInt(Integer::intValue).max().orElseThrow();
            assertEquals(
                    BATCH,
                    api.get(scopePath(writer.getKey()) + "/search?top_k=100&q=" + marker(writer.getKey(), last))
                            .items()
                            .size(),
                    "the keyword index holds the last acknowledged batch");
            acked += writer.getValue().size();
            found += factsPerBatch.size();
        }
        System.out.printf(
                "  %d batches of %d acknowledged by %d writers, %d whole after the kill (%d were in flight),"
                        + " none half there%n",
                acked, BATCH, WRITERS, found, found - acked);
    }

    private void theRestoredScopeIsAsBeforeOrAsAfter(String scope, Set<String> before, Set<String> snapshot) {
        Set<String> now = ids(scope);
        assertTrue(
                now.equals(before) || now.equals(snapshot),
                () -> "the scope holds " + now.size() + " facts, neither the " + before.size()
                        + " before the restore nor the snapshot's " + snapshot.size());
        assertEquals(now.size(), api.get(scopePath(scope) + "/stats").json().getInt("total_facts"));
        int omega =
                api.get(scopePath(scope) + "/search?top_k=1&q=omega").items().size();
        assertEquals(now.equals(before) ? 1 : 0, omega, "the keyword index matches the facts");
        System.out.printf("  the restored scope is as %s the restore%n", now.equals(before) ? "before" : "after");
    }

    private void theImportedScopeIsAsBeforeOrAsAfter(String scope) {
        JsonObject stats = api.get(scopePath(scope) + "/stats").json();
        int persistent = stats.getInt("persistent_facts");
        assertTrue(persistent == 10 || persistent == 5010, () -> persistent + " persistent facts: a half import");
        assertEquals(persistent, stats.getInt("total_facts"));
        assertEquals(persistent, stats.getInt("log_entries"));
        assertEquals(
                persistent,
                api.get(scopePath(scope) + "/memory.md")
                        .body()
                        .lines()
                        .filter(line -> line.startsWith("- "))
                        .count(),
                "MEMORY.md lists every fact the scope holds");
        System.out.printf("  the imported scope is as %s the import%n", persistent == 10 ? "before" : "after");
    }

    // --- writing and reading -------------------------------------------------------------------------

    private void writeUntilKilled(String scope, Set<Integer> acknowledged, AtomicBoolean killed) {
        for (int batch = 0; !killed.get(); batch++) {
            String marker = marker(scope, batch);
            String body = IntStream.range(0, BATCH)
                    .mapToObj(i -> "{\"content\":\"Crash batch " + marker + " entry " + i + "\",\"dedupe\":false}")
                    .collect(Collectors.joining(",", "{\"facts\":[", "]}"));
            Api.Reply reply;
            try {
                reply = api.post(scopePath(scope) + "/facts:batch", body);
            } catch (UncheckedIOException | IllegalStateException refused) {
                if (killed.get()) {
                    return; // the request in flight when the server died: unknown, checked as "whole or absent"
                }
                throw refused;
            }
            assertEquals(200, reply.status(), reply::toString);
            assertEquals(BATCH, reply.json().getInt("created"));
            acknowledged.add(batch);
        }
    }

    /** A word unique to one batch of one writer, kept whole by the analyzer. */
    private static String marker(String scope, int batch) {
        return "bm" + scope.substring(scope.lastIndexOf('w') + 1) + "x" + batch + "z";
    }

    private Map<Integer, Integer> factsPerBatch(String scope) {
        Map<Integer, Integer> counts = new HashMap<>();
        for (JsonObject fact : everyFact(scope)) {
            String content = fact.getString("content");
            int start = content.indexOf(" bm") + 3;
            String marker = content.substring(start, content.indexOf(' ', start));
            counts.merge(
                    Integer.parseInt(marker.substring(marker.indexOf('x') + 1, marker.length() - 1)), 1, Integer::sum);
        }
        return counts;
    }

    private Set<String> write(String scope, int count, String word) {
        Set<String> ids = new HashSet<>();
        for (int start = 0; start < count; start += 1000) {
            int from = start;
            String body = IntStream.range(from, Math.min(count, from + 1000))
                    .mapToObj(i -> "{\"content\":\"" + word + " fact number " + i + "\",\"dedupe\":false}")
                    .collect(Collectors.joining(",", "{\"facts\":[", "]}"));
            Api.Reply reply = api.post(scopePath(scope) + "/facts:batch", body);
            assertEquals(200, reply.status(), reply::toString);
            reply.items().forEach(item -> ids.add(item.asJsonObject().getString("id")));
        }
        return ids;
    }

    private Set<String> ids(String scope) {
        return everyFact(scope).stream().map(fact -> fact.getString("id")).collect(Collectors.toSet());
    }

    private List<JsonObject> everyFact(String scope) {
        List<JsonObject> facts = new ArrayList<>();
        String cursor = null;
        do {
            Api.Reply page =
                    api.get(scopePath(scope) + "/facts?limit=500" + (cursor == null ? "" : "&cursor=" + cursor));
            assertEquals(200, page.status(), page::toString);
            page.items().forEach(item -> facts.add(item.asJsonObject()));
            JsonValue next = page.json().get("next_cursor");
            cursor = next == null || next == JsonValue.NULL
                    ? null
                    : Api.encode(page.json().getString("next_cursor"));
        } while (cursor != null);
        return facts;
    }

    /** How long the same restore takes on a scope of its own, so the kill can fall inside one. */
    private long timedRestoreElsewhere() {
        String scope = "crash:restore-timed";
        write(scope, 1000, "alpha");
        assertEquals(
                201,
                api.post(scopePath(scope) + "/snapshots", "{\"name\":\"a\"}").status());
        write(scope, 1000, "omega");
        long start = System.nanoTime();
        assertEquals(
                200, api.post(scopePath(scope) + "/snapshots/a/restore", "").status());
        return Math.max(2, (System.nanoTime() - start) / 1_000_000);
    }

    private long timedImportElsewhere() {
        long start = System.nanoTime();
        Api.Reply reply = api.send(
                "PUT", scopePath("crash:import-timed") + "/memory.md", memoryMd("imported", 5000), "text/markdown");
        assertEquals(200, reply.status(), reply::toString);
        return Math.max(2, (System.nanoTime() - start) / 1_000_000);
    }

    private static String memoryMd(String word, int facts) {
        StringBuilder file = new StringBuilder("# Agent Memory\n");
        for (int category = 0; category * 100 < facts; category++) {
            file.append("\n## c").append(category).append('\n');
            for (int i = category * 100; i < Math.min(facts, (category + 1) * 100); i++) {
                file.append("- ").append(word).append(" fact number ").append(i).append('\n');
            }
        }
        return file.toString();
    }

    private static String answeredBeforeTheKill(CompletableFuture<Api.Reply> request) {
        return answeredBeforeTheKill(request, 200);
    }

    private static String answeredBeforeTheKill(CompletableFuture<Api.Reply> request, int status) {
        try {
            Api.Reply reply = request.get(60, TimeUnit.SECONDS);
            assertEquals(status, reply.status(), reply::toString);
            return "answered before the kill";
        } catch (ExecutionException refused) {
            return "cut off by the kill";
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static String scopePath(String scope) {
        return "api/v1/scopes/" + scope;
    }

    private static String database() {
        return server.onEmbeddedDatabase() ? "embedded PostgreSQL" : "PostgreSQL";
    }
}
