package bench;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The benchmark's mixed-load run: many clients for minutes over many tenants and scopes, each request drawn
 * from remember, recall, get and list, as a fleet of agent backends calls a shared server. It prints throughput,
 * p50 and p99 per operation, the errors (any answer but the expected status), and the server's heap after a full
 * GC at the start and at the end.
 */
final class MixedLoad {

    private enum Op {
        REMEMBER,
        RECALL,
        GET,
        LIST
    }

    private static final Op[] MIX = {
        Op.REMEMBER, Op.REMEMBER, Op.RECALL, Op.RECALL, Op.RECALL, Op.RECALL, Op.GET, Op.GET, Op.LIST, Op.LIST
    };

    private final BenchHttp http;
    private final int clients = Integer.getInteger("bench.mixed.clients", 16);
    private final int seconds = Integer.getInteger("bench.mixed.seconds", 300);
    private final int tenants = Integer.getInteger("bench.mixed.tenants", 8);
    private final int scopesPerTenant = Integer.getInteger("bench.mixed.scopes", 50);
    private final int seedFacts = Integer.getInteger("bench.mixed.seed", 200);
    private final List<String> tokens = new ArrayList<>();
    private final Map<String, List<String>> ids = new ConcurrentHashMap<>();
    private final Words words;

    MixedLoad(BenchHttp http, Words words) {
        this.http = http;
        this.words = words;
    }

    /** Something that draws fact contents and query words, shared with the main benchmark. */
    interface Words {
        String fact(Random random);

        String word(Random random);
    }

    void run() throws Exception {
        System.out.printf(
                "%nMixed load: seeding %d tenants x %d scopes x %d facts...%n", tenants, scopesPerTenant, seedFacts);
        Random seeding = new Random(7);
        for (int t = 0; t < tenants; t++) {
            String token = http.token("mixed-" + t);
            tokens.add(token);
            for (int s = 0; s < scopesPerTenant; s++) {
                StringBuilder body = new StringBuilder("{\"facts\":[");
                for (int i = 0; i < seedFacts; i++) {
                    body.append(i == 0 ? "" : ",").append(words.fact(seeding));
                }
                HttpResponse<String> reply = http.send(
                        "POST", facts(s) + ":batch", token, body.append("]}").toString());
                BenchHttp.expect(200, reply);
                ids.put(t + "/" + s, new CopyOnWriteArrayList<>(idsIn(reply.body())));
            }
        }
        long heapBefore = heapAfterFullGc();
        Map<Op, List<double[]>> latencies = new ConcurrentHashMap<>();
        AtomicLong errors = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        System.out.printf("Mixed load: %d clients for %d s%n", clients, seconds);
        List<Future<?>> running = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Random random = new Random(100 + c);
            running.add(pool.submit(() -> client(random, end, latencies, errors)));
        }
        for (Future<?> client : running) {
            client.get();
        }
        pool.shutdown();
        long heapAfter = heapAfterFullGc();
        print(latencies, errors.get(), heapBefore, heapAfter);
    }

    private Void client(Random random, long end, Map<Op, List<double[]>> latencies, AtomicLong errors) {
        Map<Op, double[]> mine = new java.util.EnumMap<>(Op.class);
        Map<Op, Integer> counts = new java.util.EnumMap<>(Op.class);
        for (Op op : Op.values()) {
            mine.put(op, new double[1024]);
            counts.put(op, 0);
        }
        while (System.nanoTime() < end) {
            Op op = MIX[random.nextInt(MIX.length)];
            int tenant = random.nextInt(tenants);
            int scope = random.nextInt(scopesPerTenant);
            long start = System.nanoTime();
            try {
                if (!call(op, tenant, scope, random)) {
                    errors.incrementAndGet();
                }
            } catch (IOException | RuntimeException failed) {
                errors.incrementAndGet();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
            double millis = (System.nanoTime() - start) / 1e6;
            int n = counts.get(op);
            double[] samples = mine.get(op);
            if (n == samples.length) {
                samples = Arrays.copyOf(samples, n * 2);
                mine.put(op, samples);
            }
            samples[n] = millis;
            counts.put(op, n + 1);
        }
        for (Op op : Op.values()) {
            latencies
                    .computeIfAbsent(op, o -> new CopyOnWriteArrayList<>())
                    .add(Arrays.copyOf(mine.get(op), counts.get(op)));
        }
        return null;
    }

    /** One request; false when the server answered anything but what the contract promises. */
    private boolean call(Op op, int tenant, int scope, Random random) throws IOException, InterruptedException {
        String token = tokens.get(tenant);
        List<String> known = ids.get(tenant + "/" + scope);
        return switch (op) {
            case REMEMBER -> {
                HttpResponse<String> reply = http.send("POST", facts(scope), token, words.fact(random));
                if (reply.statusCode() == 201) {
                    known.addAll(idsIn(reply.body()));
                }
                yield reply.statusCode() == 201 || reply.statusCode() == 200;
            }
            case RECALL ->
                http.send(
                                        "GET",
                                        "api/v1/scopes/" + scope(scope) + "/recall?limit=5&q=" + words.word(random)
                                                + "%20" + words.word(random),
                                        token,
                                        null)
                                .statusCode()
                        == 200;
            case GET ->
                http.send("GET", facts(scope) + "/" + known.get(random.nextInt(known.size())), token, null)
                                .statusCode()
                        == 200;
            case LIST ->
                http.send("GET", facts(scope) + "?limit=20", token, null).statusCode() == 200;
        };
    }

    /**
     * The server's used heap right after a full collection, so that growth over the run shows as growth and not
     * as garbage not yet collected: jcmd runs the collection in the server's JVM, found by its server name.
     */
    private long heapAfterFullGc() throws IOException, InterruptedException {
        String server = System.getProperty("bench.server.name", "memoria-bench");
        long pid = ProcessHandle.allProcesses()
                .filter(p -> p.info()
                        .commandLine()
                        .map(line -> line.contains("ws-server.jar") && line.contains(" " + server))
                        .orElse(false))
                .mapToLong(ProcessHandle::pid)
                .findFirst()
                .orElse(-1);
        if (pid < 0) {
            System.out.println("  (no local server process named " + server + ": heap not measured)");
            return -1;
        }
        String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
        Process gc = new ProcessBuilder(jcmd, String.valueOf(pid), "GC.run")
                .redirectErrorStream(true)
                .start();
        gc.getInputStream().readAllBytes();
        gc.waitFor(60, TimeUnit.SECONDS);
        Matcher used = Pattern.compile("\"used_mib\":(\\d+)")
                .matcher(http.send("GET", "health/live", null, null).body());
        return used.find() ? Long.parseLong(used.group(1)) : -1;
    }

    private void print(Map<Op, List<double[]>> latencies, long errors, long heapBefore, long heapAfter) {
        System.out.printf(
                "%nMixed load: %d clients, %d s, %d tenants x %d scopes (%d facts seeded), %d cores%n%n",
                clients,
                seconds,
                tenants,
                scopesPerTenant,
                tenants * scopesPerTenant * seedFacts,
                Runtime.getRuntime().availableProcessors());
        System.out.println("| operation | requests | per second | p50 | p99 |");
        System.out.println("|---|---|---|---|---|");
        long total = 0;
        for (Op op : Op.values()) {
            double[] all = latencies.getOrDefault(op, List.of()).stream()
                    .flatMapToDouble(Arrays::stream)
                    .sorted()
                    .toArray();
            total += all.length;
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %,d | %,.0f | %s | %s |%n",
                    op.name().toLowerCase(Locale.ROOT),
                    all.length,
                    all.length / (double) seconds,
                    all.length == 0 ? "-" : MemoriaBenchmark.ms(MemoriaBenchmark.percentile(all, 50)),
                    all.length == 0 ? "-" : MemoriaBenchmark.ms(MemoriaBenchmark.percentile(all, 99)));
        }
        System.out.printf(Locale.ROOT, "| all | %,d | %,.0f | | |%n%n", total, total / (double) seconds);
        System.out.printf(
                "errors: %d%nserver heap after a full GC: %d MiB at the start, %d MiB at the end%n",
                errors, heapBefore, heapAfter);
    }

    private static List<String> idsIn(String body) {
        List<String> found = new ArrayList<>();
        Matcher id = Pattern.compile("\"id\":\"([0-9a-f-]{36})\"").matcher(body);
        while (id.find()) {
            found.add(id.group(1));
        }
        return found;
    }

    private static String scope(int scope) {
        return "user:mixed-" + scope;
    }

    private static String facts(int scope) {
        return "api/v1/scopes/" + scope(scope) + "/facts";
    }
}
