package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.KillableServer;
import it.support.Tokens;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The embedded default (or the phase's PostgreSQL) after use: many tenants and scopes written, replaced by key,
 * changed, deleted and recalled while the embedding worker runs, the server killed with SIGKILL twice in the
 * middle of it, then a tenant import killed midway and run again (the documented way to complete it), and every
 * lifecycle job. Nothing may be answered with a 5xx, and the re-run import must give back the exact export. It runs
 * in the embedded database's phase only.
 * Reduced by default; {@code -Dit.soak.tenants}, {@code -Dit.soak.scopes}, {@code -Dit.soak.rounds} and
 * {@code -Dit.soak.seconds} make it the full soak (src/site/markdown/benchmarks.md). It prints what it measured
 * (job times, the embedding backlog, the database's size); it asserts no timing.
 */
@ExtendWith(ArquillianExtension.class)
@DisabledIfSystemProperty(
        named = "it.db.url",
        matches = "jdbc:postgresql:.*",
        disabledReason = "the embedded database's soak: on an operator's PostgreSQL, CrashIT and ClusterIT cover kills")
class SoakIT extends Deployments {

    private static final String NDJSON = "application/x-ndjson";
    private static final int TENANTS = Integer.getInteger("it.soak.tenants", 3);
    private static final int SCOPES = Integer.getInteger("it.soak.scopes", 6);
    private static final int ROUNDS = Integer.getInteger("it.soak.rounds", 3);
    private static final int SECONDS = Integer.getInteger("it.soak.seconds", 8);
    private static final int IMPORTED = Integer.getInteger("it.soak.import.facts", 1500);

    private static KillableServer server;

    private final List<String> tenants = IntStream.range(0, TENANTS)
            .mapToObj(i -> Tokens.newTenant("soak" + i))
            .toList();
    /** Every answer by status, and the requests answered with a 5xx. */
    private final Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();

    private final Set<String> serverErrors = ConcurrentHashMap.newKeySet();

    @BeforeAll
    static void startServer() {
        server = KillableServer.create();
        server.start(Map.of("MEMORIA_TEST_HOOKS", "true"));
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aDayOfUseKillsAndAKilledImportLeaveNo5xxAndAnExactTenant() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            AtomicBoolean stop = new AtomicBoolean();
            ExecutorService pool = Executors.newFixedThreadPool(TENANTS * 2);
            List<Future<?>> clients = new ArrayList<>();
            for (int client = 0; client < TENANTS * 2; client++) {
                String tenant = tenants.get(client % TENANTS);
                long seed = round * 1000L + client;
                clients.add(pool.submit(() -> use(tenant, new Random(seed), stop)));
            }
            Thread.sleep(TimeUnit.SECONDS.toMillis(SECONDS));
            boolean kill = round < ROUNDS - 1;
            if (kill) {
                server.kill();
                if (server.onEmbeddedDatabase() && round % 2 == 1) {
                    server.killEmbeddedDatabase();
                }
            }
            stop.set(true);
            for (Future<?> client : clients) {
                client.get(2, TimeUnit.MINUTES);
            }
            pool.shutdown();
            if (kill) {
                server.start(Map.of("MEMORIA_TEST_HOOKS", "true"));
            }
        }
        Thread.sleep(4000); // every fact with a TTL has expired: what is listed, counted and exported stays put
        for (String tenant : tenants) {
            everyScopeCountsWhatItLists(tenant);
        }

        bulk(tenants.get(0), IMPORTED); // an import long enough for the kill to fall inside it
        Api source = admin(tenants.get(0));
        String exported = export(source);
        String targetTenant = Tokens.newTenant("soak-import");
        Api target = admin(targetTenant);
        long alone = timedImport(admin(Tokens.newTenant("soak-timed")), exported);
        CompletableFuture<Api.Reply> killed =
                CompletableFuture.supplyAsync(() -> target.send("POST", "api/v1/import", exported, NDJSON));
        Thread.sleep(Math.max(1, alone / 2));
        server.kill();
        String fate;
        try {
            Api.Reply reply = killed.get(1, TimeUnit.MINUTES);
            fate = "answered " + reply.status() + " before the kill";
        } catch (java.util.concurrent.ExecutionException refused) {
            fate = "killed midway";
        }
        server.start(Map.of("MEMORIA_TEST_HOOKS", "true"));
        Api.Reply again = target.send("POST", "api/v1/import", exported, NDJSON);
        count(again, "POST api/v1/import (again)");
        assertEquals(200, again.status(), again::toString);
        Set<String> expected = lines(exported);
        Set<String> actual = lines(export(target));
        String importFate = fate;
        assertEquals(
                Set.of(),
                difference(expected, actual),
                () -> "the import (" + importFate + ", then again: " + again.body()
                        + ") completes the tenant exactly; it also holds: " + difference(actual, expected)
                        + "; the histories there: " + histories(targetTenant, difference(expected, actual)));

        for (String job : List.of("ttl", "prune", "decay", "capacity")) {
            Api.Reply run = admin(tenants.get(0))
                    .waiting(Duration.ofMinutes(10)) // a run over every tenant: minutes on a full soak's database
                    .post("api/v1/test-hooks/jobs/" + job, "");
            count(run, "job " + job);
            assertTrue(run.status() < 300, run::toString);
        }
        String drained = drainBacklog();

        JsonObject live = new Api(server.base(), null).get("health/live").json();
        System.out.printf(
                "SoakIT (%s): %d tenants x %d scopes, %d rounds of %d s, %d kills; the import (%d ms alone, %d lines)"
                        + " %s, then completed; answers %s; the worker: %s%n  health: %s%n",
                database(),
                TENANTS,
                SCOPES,
                ROUNDS,
                SECONDS,
                ROUNDS - 1,
                alone,
                lines(exported).size(),
                fate,
                new TreeMap<>(statuses),
                drained,
                live.getJsonArray("checks"));
        assertEquals(Set.of(), serverErrors, "no request is answered with a 5xx");
    }

    /** One client of a tenant: writes, replaces by key, changes, deletes and recalls until told to stop. */
    private void use(String tenant, Random random, AtomicBoolean stop) {
        Api api = new Api(server.base(), Tokens.token(tenant, Tokens.ALL_ROLES));
        List<String> mine = new ArrayList<>();
        while (!stop.get()) {
            String scope = scopePath("user:soak" + random.nextInt(SCOPES));
            try {
                switch (random.nextInt(10)) {
                    case 0, 1, 2 -> {
                        String batch = IntStream.range(0, 20)
                                .mapToObj(i -> fact(random))
                                .collect(Collectors.joining(",", "{\"facts\":[", "]}"));
                        Api.Reply reply = count(api.post(scope + "/facts:batch", batch), "batch");
                        if (reply.status() == 200) {
                            reply.items()
                                    .forEach(item -> mine.add(scope + "/facts/"
                                            + item.asJsonObject().getString("id")));
                        }
                    }
                    case 3 ->
                        count(
                                api.put(
                                        scope + "/facts/by-key/" + Api.encode("setting " + random.nextInt(20)),
                                        "{\"content\":\"The setting is now " + word(random) + " " + word(random)
                                                + "\"}"),
                                "by-key");
                    case 4 -> {
                        if (!mine.isEmpty()) {
                            String fact = mine.get(random.nextInt(mine.size()));
                            count(api.patch(fact, "{\"importance\":" + random.nextInt(10) / 10.0 + "}"), "patch");
                        }
                    }
                    case 5 -> {
                        if (!mine.isEmpty()) {
                            count(api.delete(mine.remove(random.nextInt(mine.size()))), "delete");
                        }
                    }
                    case 6, 7 ->
                        count(api.get(scope + "/recall?limit=5&q=" + word(random) + "+" + word(random)), "recall");
                    case 8 -> count(api.get(scope + "/search?q=" + word(random)), "search");
                    default -> count(api.get(scope + "/context?q=" + word(random)), "context");
                }
            } catch (UncheckedIOException | IllegalStateException refused) {
                if (!stop.get()) {
                    sleep(100); // the kill: the client's request went nowhere; stop is set right after
                }
            }
        }
    }

    private Api.Reply count(Api.Reply reply, String what) {
        statuses.computeIfAbsent(reply.status(), status -> new AtomicInteger()).incrementAndGet();
        if (reply.status() >= 500) {
            serverErrors.add(what + ": " + reply);
        }
        return reply;
    }

    private static final String[] WORDS = {
        "harbour", "lantern", "orchard", "violin", "glacier", "copper", "meadow", "saffron", "compass", "quartz",
        "tundra", "falcon", "velvet", "canyon", "ember", "marble", "willow", "cobalt", "prairie", "thistle"
    };

    private static String word(Random random) {
        return WORDS[random.nextInt(WORDS.length)];
    }

    /** A fact of a few words; one in five expires within seconds, for the TTL job. */
    private static String fact(Random random) {
        String ttl = random.nextInt(5) == 0 ? ",\"ttl_seconds\":" + (1 + random.nextInt(3)) : "";
        return "{\"content\":\"Remembers the " + word(random) + " near the " + word(random) + " and the " + word(random)
                + " " + random.nextInt(1_000_000) + "\",\"dedupe\":false" + ttl + "}";
    }

    private void bulk(String tenant, int facts) {
        Api api = new Api(server.base(), Tokens.token(tenant, Tokens.ALL_ROLES));
        Random random = new Random(facts);
        for (int start = 0; start < facts; start += 500) {
            String batch = IntStream.range(start, Math.min(facts, start + 500))
                    .mapToObj(i -> "{\"content\":\"Bulk " + word(random) + " " + word(random) + " " + i
                            + "\",\"dedupe\":false}")
                    .collect(Collectors.joining(",", "{\"facts\":[", "]}"));
            Api.Reply reply = count(api.post(scopePath("user:soak-bulk") + "/facts:batch", batch), "bulk");
            assertEquals(200, reply.status(), reply::toString);
        }
    }

    private void everyScopeCountsWhatItLists(String tenant) {
        Api api = new Api(server.base(), Tokens.token(tenant, Tokens.ALL_ROLES));
        for (int s = 0; s < SCOPES; s++) {
            String scope = scopePath("user:soak" + s);
            int listed = 0;
            String cursor = null;
            do {
                Api.Reply page = count(
                        api.get(scope + "/facts?limit=500" + (cursor == null ? "" : "&cursor=" + cursor)), "list");
                assertEquals(200, page.status(), page::toString);
                listed += page.items().size();
                JsonValue next = page.json().get("next_cursor");
                cursor = next == null || next == JsonValue.NULL
                        ? null
                        : Api.encode(page.json().getString("next_cursor"));
            } while (cursor != null);
            JsonObject stats = count(api.get(scope + "/stats"), "stats").json();
            assertEquals(listed, stats.getInt("total_facts"), () -> scope + " of " + tenant + ": stats " + stats);
        }
    }

    /**
     * Waits for the embedding worker to drain its backlog, for at most ten minutes: a full soak writes more than it
     * embeds in that time. Fails when a whole minute passes without the backlog shrinking (a stalled worker, as H2's
     * claims once were); says how far it got.
     */
    private String drainBacklog() {
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MINUTES.toNanos(10);
        long first = backlog();
        long least = first;
        long lastProgress = start;
        while (least > 0 && System.nanoTime() < deadline) {
            sleep(500);
            long now = backlog();
            if (now < least) {
                least = now;
                lastProgress = System.nanoTime();
            }
            long stalled = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - lastProgress);
            assertTrue(stalled < 60, () -> "the embedding backlog stayed at or above " + now + " for a minute");
        }
        long seconds = Math.max(1, TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start));
        return String.format(
                Locale.ROOT,
                "%d queued embeddings, %d left after %d s (%d a second)",
                first,
                least,
                seconds,
                (first - least) / seconds);
    }

    private long backlog() {
        return new Api(server.base(), null)
                .get("health/live").json().getJsonArray("checks").stream()
                        .map(JsonValue::asJsonObject)
                        .filter(check -> check.getString("name").equals("embeddings"))
                        .findFirst()
                        .orElseThrow()
                        .getJsonObject("data")
                        .getJsonNumber("backlog")
                        .longValue();
    }

    private long timedImport(Api api, String file) {
        long start = System.nanoTime();
        Api.Reply reply = count(api.send("POST", "api/v1/import", file, NDJSON), "import (timed)");
        assertEquals(200, reply.status(), reply::toString);
        return Math.max(2, (System.nanoTime() - start) / 1_000_000);
    }

    private String export(Api api) {
        Api.Reply reply = count(api.get("api/v1/export"), "export");
        assertEquals(200, reply.status(), reply::toString);
        return reply.body();
    }

    private Api admin(String tenant) {
        return new Api(server.base(), Tokens.token(tenant, List.of("memory.admin")));
    }

    /** What the target says of the facts whose version lines it lacks. */
    private String histories(String tenant, Set<String> missing) {
        Api reader = new Api(server.base(), Tokens.token(tenant, Tokens.ALL_ROLES));
        return missing.stream()
                .map(line -> jakarta.json.Json.createReader(new java.io.StringReader(line))
                        .readObject())
                .filter(line -> line.getString("kind").equals("version"))
                .map(line -> reader.get(
                                scopePath(line.getString("scope")) + "/facts/" + line.getString("fact_id") + "/history")
                        .body())
                .collect(Collectors.joining(" | "));
    }

    /** At most five lines of {@code some} that {@code other} lacks: enough to see why, short enough to read. */
    private static Set<String> difference(Set<String> some, Set<String> other) {
        return some.stream().filter(line -> !other.contains(line)).limit(5).collect(Collectors.toSet());
    }

    private static Set<String> lines(String ndjson) {
        return Arrays.stream(ndjson.split("\n")).filter(line -> !line.isBlank()).collect(Collectors.toSet());
    }

    private static String scopePath(String scope) {
        return "api/v1/scopes/" + scope;
    }

    private static String database() {
        return System.getProperty("it.db.url", "").startsWith("jdbc:postgresql:") ? "PostgreSQL" : "embedded";
    }

    private static void sleep(long millis) {
        KillableServer.sleep(millis);
    }
}
