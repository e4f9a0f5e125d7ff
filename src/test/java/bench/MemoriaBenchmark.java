package bench;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Memoria's benchmark (not a test): loads synthetic facts over HTTP into a running server, then measures
 * recall and search latency against the floor of an authenticated no-op request, recall throughput with
 * concurrent clients, ingest rate and server heap. Run it with {@code ./mvnw -Pbenchmark verify}
 * (README, "Benchmark"); every size and count is a -Dbench.* property.
 */
public final class MemoriaBenchmark {

    private static final String SCOPE_PREFIX = "user:bench-";
    private static final int BATCH = 1000;

    private final BenchHttp http = new BenchHttp();
    private final Random random = new Random(Long.getLong("bench.seed", 42));
    private final List<String> vocabulary = vocabulary(5000);
    private final String token;

    private MemoriaBenchmark() {
        token = http.token("bench");
    }

    public static void main(String[] args) throws Exception {
        new MemoriaBenchmark().run();
    }

    private void run() throws Exception {
        awaitReady();
        int[] sizes = Arrays.stream(
                        System.getProperty("bench.sizes", "1000,10000,100000").split(","))
                .mapToInt(Integer::parseInt)
                .toArray();
        int background = Integer.getInteger("bench.background", 1_000_000);
        int backgroundTenants = Integer.getInteger("bench.background.tenants", 100);
        int requests = Integer.getInteger("bench.requests", 2000);
        // rounds of recall, search and no-op: Liberty's JIT settled only after about 60,000 requests
        int warmup = Integer.getInteger("bench.warmup", 20_000);
        int clients = Integer.getInteger("bench.clients", 8);

        // -Dbench.supersede=explicit measures writes without the automatic supersession decision
        send(
                "PUT",
                "api/v1/tenant/settings",
                token,
                "{\"max_facts_per_scope\":10000000,\"supersede\":\"" + System.getProperty("bench.supersede", "auto")
                        + "\"}");
        boolean load = Boolean.parseBoolean(System.getProperty("bench.load", "true"));
        if (Boolean.parseBoolean(System.getProperty("bench.standard", "true"))) {
            standard(sizes, background, backgroundTenants, requests, warmup, clients, load);
        }
        int transferred = Integer.getInteger("bench.transfer.facts", 1_000_000);
        if (transferred > 0) {
            transfer(transferred);
        }
        String erasures = System.getProperty("bench.erasure.sizes", "10000,100000");
        if (!erasures.isBlank()) {
            erasures(Arrays.stream(erasures.split(","))
                    .mapToInt(Integer::parseInt)
                    .toArray());
        }
        if (Integer.getInteger("bench.mixed.seconds", 300) > 0) {
            new MixedLoad(http, new MixedLoad.Words() {
                        @Override
                        public String fact(Random random) {
                            return syntheticFact(random);
                        }

                        @Override
                        public String word(Random random) {
                            return MemoriaBenchmark.this.word(random);
                        }
                    })
                    .run();
        }
        // what the server says of itself after all that: its longest claim, its jobs' last times, its size
        System.out.println("Server's /health/live at the end: "
                + send("GET", "health/live", null, null).body());
    }

    private void standard(
            int[] sizes, int background, int backgroundTenants, int requests, int warmup, int clients, boolean load)
            throws Exception {
        if (load) {
            System.out.printf("Loading %,d background facts over %d other tenants...%n", background, backgroundTenants);
            double backgroundRate = loadBackground(background, backgroundTenants);
            System.out.printf("  background ingest: %,.0f facts/s%n", backgroundRate);
        }

        List<Map<String, String>> rows = new ArrayList<>();
        int loaded = 0;
        for (int size : sizes) {
            String scope = SCOPE_PREFIX + size;
            double ingest = 0;
            double[] embedding = {0, 0};
            if (load) {
                System.out.printf("Scope %s: loading %,d facts...%n", scope, size);
                long start = System.nanoTime();
                ingest = ingest(token, scope, size);
                embedding = awaitEmbedded(scope, size, start);
                System.out.printf(
                        "  acknowledged %,.0f facts/s; every vector made %.1f s after the load began (%,.0f facts/s)%n",
                        ingest, embedding[0], embedding[1]);
            }
            loaded += size;
            // first as a user meets a scope right after a bulk load, then (PostgreSQL) as autovacuum leaves it
            rows.add(measure(scope, size, ingest, requests, warmup, clients, "fresh"));
            rows.get(rows.size() - 1).put("vectors after", String.format("%.1f s", embedding[0]));
            rows.get(rows.size() - 1).put("embedded/s", String.format("%,.0f", embedding[1]));
            if (load && vacuumIfNoAutovacuum()) {
                rows.add(measure(scope, size, ingest, requests, warmup / 4, clients, "analysed"));
            }
        }
        print(rows, background, backgroundTenants, loaded, clients);
    }

    /**
     * An erasure of a data subject as a SaaS team runs one: the subject's facts in one scope, with a snapshot of
     * them (so the erasure removes the copies too) and their log entries, embedded before the erasure starts.
     */
    private void erasures(int[] sizes) throws Exception {
        for (int size : sizes) {
            String subject = "user:erased-" + size;
            String scope = "agent:bench:" + subject;
            System.out.printf("Erasure: loading %,d facts into %s...%n", size, scope);
            long start = System.nanoTime();
            ingest(token, scope, size);
            if (Boolean.parseBoolean(System.getProperty("bench.erasure.embedded", "true"))) {
                awaitEmbedded(scope, size, start); // else the erasure removes queued embeddings instead of vectors
            }
            expect(201, send("POST", "api/v1/scopes/" + scope + "/snapshots", token, "{\"name\":\"before-erasure\"}"));
            long erasing = System.nanoTime();
            HttpResponse<String> receipt = send("POST", "api/v1/erasures", token, "{\"subject\":\"" + subject + "\"}");
            expect(201, receipt);
            System.out.printf(
                    "  erased a subject of %,d facts (and %,d snapshot copies) in %.1f s: %s%n",
                    size,
                    size,
                    seconds(erasing),
                    receipt.body().replaceAll("\"digest\":\"[0-9a-f]+\"", "\"digest\":…"));
        }
    }

    /**
     * A tenant of {@code total} facts (scopes of 10,000, keyword-only: the run does not wait for their vectors)
     * exported to a file and imported into an empty tenant, with the server's heap sampled throughout; then the
     * new tenant's export is compared with the first, line for line (order aside).
     */
    private void transfer(int total) throws Exception {
        String source = token("transfer-src");
        String target = token("transfer-dst");
        for (String bearer : List.of(source, target)) {
            expect(200, send("PUT", "api/v1/tenant/settings", bearer, "{\"semantic_recall\":false}"));
        }
        System.out.printf("Transfer: loading %,d facts into a tenant...%n", total);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<?>> loads = new ArrayList<>();
        int perScope = 10_000;
        for (int done = 0; done < total; done += perScope) {
            String scope = "user:transfer-" + done / perScope;
            int count = Math.min(perScope, total - done);
            loads.add(pool.submit(() -> ingest(source, scope, count)));
        }
        for (Future<?> load : loads) {
            load.get();
        }
        pool.shutdown();
        java.nio.file.Path exported = java.nio.file.Files.createTempFile("memoria-bench-export-", ".ndjson");
        java.nio.file.Path again = java.nio.file.Files.createTempFile("memoria-bench-export-", ".ndjson");
        try {
            HeapSampler heap = new HeapSampler();
            long start = System.nanoTime();
            expect(200, http.download("api/v1/export", source, exported));
            double exportSeconds = seconds(start);
            int exportHeap = heap.stop();
            long lines;
            try (var stream = java.nio.file.Files.lines(exported)) {
                lines = stream.count();
            }
            System.out.printf(
                    "  export: %,d lines, %,d MiB in %.1f s (%,.0f lines/s); server heap at most %d MiB%n",
                    lines, java.nio.file.Files.size(exported) >> 20, exportSeconds, lines / exportSeconds, exportHeap);
            heap = new HeapSampler();
            start = System.nanoTime();
            HttpResponse<String> counts = http.upload("api/v1/import", target, exported);
            double importSeconds = seconds(start);
            int importHeap = heap.stop();
            expect(200, counts);
            System.out.printf(
                    "  import into an empty tenant: %.1f s (%,.0f lines/s); server heap at most %d MiB: %s%n",
                    importSeconds, lines / importSeconds, importHeap, counts.body());
            start = System.nanoTime();
            HttpResponse<String> repeat = http.upload("api/v1/import", target, exported);
            expect(200, repeat);
            System.out.printf("  the same file again: %.1f s: %s%n", seconds(start), repeat.body());
            expect(200, http.download("api/v1/export", target, again));
            System.out.printf(
                    "  the new tenant's export %s the first's lines%n",
                    lineSet(exported) == lineSet(again) ? "holds exactly" : "DIFFERS from");
        } finally {
            java.nio.file.Files.deleteIfExists(exported);
            java.nio.file.Files.deleteIfExists(again);
        }
    }

    /** A hash of a file's lines that ignores their order: the sum of a 64-bit hash of each line. */
    private static long lineSet(java.nio.file.Path file) throws IOException {
        try (var lines = java.nio.file.Files.lines(file)) {
            return lines.filter(line -> !line.isBlank())
                    .mapToLong(line -> {
                        long hash = 1125899906842597L;
                        for (int i = 0; i < line.length(); i++) {
                            hash = 31 * hash + line.charAt(i);
                        }
                        return hash * 0x9E3779B97F4A7C15L;
                    })
                    .sum();
        }
    }

    /** The server's used heap, sampled twice a second until stopped; gives the largest sample. */
    private final class HeapSampler {
        private final java.util.concurrent.atomic.AtomicInteger peak = new java.util.concurrent.atomic.AtomicInteger();
        private final Thread sampler = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    String mib = heapMib();
                    if (!mib.equals("?")) {
                        peak.accumulateAndGet(Integer.parseInt(mib), Math::max);
                    }
                    Thread.sleep(500);
                } catch (InterruptedException stopped) {
                    return;
                } catch (IOException ignored) {
                    // a sample missed
                }
            }
        });

        HeapSampler() {
            sampler.setDaemon(true);
            sampler.start();
        }

        int stop() throws InterruptedException {
            sampler.interrupt();
            sampler.join();
            return peak.get();
        }
    }

    /**
     * The "analysed" row's preparation on PostgreSQL: its index-only scans of postings skip the table only on
     * pages its visibility map marks all-visible, and autovacuum sets it (and gathers statistics) a minute or
     * more after a load. Where autovacuum is off (as on the development machine) the benchmark runs VACUUM
     * ANALYZE itself, as pgbench does after its own load, and returns true. A CHECKPOINT follows, so that the
     * measurement does not share the cores with the writing out of what the load and the vacuum dirtied.
     */
    private static boolean vacuumIfNoAutovacuum() throws java.sql.SQLException {
        String url = System.getProperty("bench.db.url", "");
        // bench.vacuum=false measures scopes only as a bulk load leaves them: never analysed, never vacuumed
        if (!url.startsWith("jdbc:postgresql:") || !Boolean.parseBoolean(System.getProperty("bench.vacuum", "true"))) {
            return false;
        }
        try (java.sql.Connection db = java.sql.DriverManager.getConnection(
                        url, System.getProperty("bench.db.user"), System.getProperty("bench.db.password"));
                java.sql.Statement statement = db.createStatement()) {
            try (java.sql.ResultSet autovacuum = statement.executeQuery("SHOW autovacuum")) {
                if (autovacuum.next() && "on".equals(autovacuum.getString(1))) {
                    return false; // autovacuum analyses on its own schedule: the fresh row is all there is
                }
            }
            System.out.println(
                    "  autovacuum is off on this PostgreSQL: running VACUUM ANALYZE as it would, then CHECKPOINT");
            statement.execute("VACUUM ANALYZE");
            try {
                statement.execute("CHECKPOINT");
            } catch (java.sql.SQLException notAllowed) { // a superuser or pg_checkpoint member only
                System.out.println("  CHECKPOINT refused (" + notAllowed.getMessage() + "): measuring without it");
            }
        }
        return true;
    }

    private void awaitReady() throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (true) {
            try {
                if (send("GET", "health/ready", null, null).statusCode() == 200
                        && send("GET", "api/v1/whoami", token, null).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // the server is still starting
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("The server at " + http.base() + " did not become ready");
            }
            Thread.sleep(500);
        }
    }

    /**
     * Waits until the scope's embedding backlog is empty and all its facts have vectors; returns the seconds
     * since {@code start} and the facts embedded per second from the load's start (embedding runs behind it).
     */
    private double[] awaitEmbedded(String scope, int size, long start) throws Exception {
        Pattern backlog = Pattern.compile("\"embedding_backlog\":(\\d+)");
        Pattern embedded = Pattern.compile("\"embedded_facts\":(\\d+)");
        while (true) {
            String stats = send("GET", "api/v1/scopes/" + scope + "/stats", token, null)
                    .body();
            Matcher waiting = backlog.matcher(stats);
            Matcher done = embedded.matcher(stats);
            if (waiting.find()
                    && done.find()
                    && Long.parseLong(waiting.group(1)) == 0
                    && Long.parseLong(done.group(1)) >= size) {
                double seconds = seconds(start);
                return new double[] {seconds, size / seconds};
            }
            // each /stats aggregates the whole scope: polled every 200 ms on 100,000 facts, it may slow the worker it
            // waits for
            Thread.sleep(Math.max(200, size / 50));
        }
    }

    private double loadBackground(int total, int tenants) throws Exception {
        if (total == 0) {
            return 0;
        }
        ExecutorService pool = Executors.newFixedThreadPool(2);
        long start = System.nanoTime();
        List<Future<?>> jobs = new ArrayList<>();
        int perTenant = total / tenants;
        for (int t = 0; t < tenants; t++) {
            String tenantToken = token("bg-" + t);
            // keyword-only tenants: the run does not wait hours for a million vectors
            expect(200, send("PUT", "api/v1/tenant/settings", tenantToken, "{\"semantic_recall\":false}"));
            int count = t == tenants - 1 ? total - perTenant * (tenants - 1) : perTenant;
            jobs.add(pool.submit(() -> {
                ingest(tenantToken, "user:bg", count);
                return null;
            }));
        }
        for (int i = 0; i < jobs.size(); i++) {
            jobs.get(i).get();
            if ((i + 1) % 10 == 0) {
                System.out.printf("  %d/%d tenants loaded%n", i + 1, tenants);
            }
        }
        pool.shutdown();
        return total / seconds(start);
    }

    private static final Pattern FACT_ID = Pattern.compile("\"id\":\"([0-9a-f-]{36})\",\"scope\"");

    /**
     * Loads {@code count} facts through facts:batch; returns facts per second. With bench.superseded (a share,
     * default 0), the last facts of the load each supersede one earlier fact, so that share of the scope is
     * superseded: what recall must skip.
     */
    private double ingest(String bearer, String scope, int count) throws IOException, InterruptedException {
        int superseding = (int) Math.round(count * Double.parseDouble(System.getProperty("bench.superseded", "0")));
        List<String> current = new ArrayList<>();
        Random pick = new Random(7);
        long start = System.nanoTime();
        for (int done = 0; done < count; done += BATCH) {
            int n = Math.min(BATCH, count - done);
            StringBuilder body = new StringBuilder("{\"facts\":[");
            for (int i = 0; i < n; i++) {
                String fact = syntheticFact();
                if (done + i >= count - superseding && !current.isEmpty()) {
                    String older = current.remove(pick.nextInt(current.size()));
                    fact = "{\"supersedes\":[\"" + older + "\"]," + fact.substring(1);
                }
                body.append(i == 0 ? "" : ",").append(fact);
            }
            body.append("]}");
            HttpResponse<String> written =
                    send("POST", "api/v1/scopes/" + scope + "/facts:batch", bearer, body.toString());
            expect(200, written);
            if (superseding > 0) {
                Matcher id = FACT_ID.matcher(written.body());
                while (id.find()) {
                    current.add(id.group(1));
                }
            }
        }
        return count / seconds(start);
    }

    private Map<String, String> measure(
            String scope, int size, double ingest, int requests, int warmup, int clients, String state)
            throws Exception {
        // the warm-up runs on all clients at once: the JIT compiles what is hot, and gets there sooner
        concurrently(warmup, clients, i -> {
            send("GET", recallPath(scope), token, null);
            send("GET", searchPath(scope), token, null);
            send("GET", "api/v1/whoami", token, null);
        });
        double[] floor = latencies(requests, () -> "api/v1/whoami");
        double[] recall = latencies(requests, () -> recallPath(scope));
        double[] keywordRecall = latencies(requests, () -> recallPath(scope) + "&mode=keyword");
        double[] search = latencies(requests, () -> searchPath(scope));
        double throughput = throughput(scope, requests * 2, clients);
        double[] remember = remembers(scope, Math.max(50, requests / 4));
        Map<String, String> row = new LinkedHashMap<>();
        row.put("facts", String.format("%,d", size));
        row.put("tables", state);
        row.put("ingest/s", String.format("%,.0f", ingest));
        row.put("floor p50", ms(percentile(floor, 50)));
        row.put("recall p50", ms(percentile(recall, 50)));
        row.put("recall p95", ms(percentile(recall, 95)));
        row.put("recall p99", ms(percentile(recall, 99)));
        row.put("keyword recall p50", ms(percentile(keywordRecall, 50)));
        row.put("search p50", ms(percentile(search, 50)));
        row.put("search p95", ms(percentile(search, 95)));
        row.put("recall/floor", String.format("%.2f", percentile(recall, 50) / percentile(floor, 50)));
        row.put("recalls/s", String.format("%,.0f", throughput));
        row.put("remember p50", ms(percentile(remember, 50)));
        row.put("heap MiB", heapMib());
        return row;
    }

    /** One client's single remembers of new synthetic facts into the scope (dedup and supersession decide each). */
    private double[] remembers(String scope, int count) throws Exception {
        double[] millis = new double[count];
        for (int i = 0; i < count; i++) {
            String fact = syntheticFact();
            long start = System.nanoTime();
            HttpResponse<String> written = send("POST", "api/v1/scopes/" + scope + "/facts", token, fact);
            millis[i] = (System.nanoTime() - start) / 1e6;
            if (written.statusCode() != 201 && written.statusCode() != 200) {
                throw new IllegalStateException("remember answered " + written.statusCode() + ": " + written.body());
            }
        }
        Arrays.sort(millis);
        return millis;
    }

    private double[] latencies(int count, java.util.function.Supplier<String> path) throws Exception {
        double[] millis = new double[count];
        for (int i = 0; i < count; i++) {
            long start = System.nanoTime();
            expect(200, send("GET", path.get(), token, null));
            millis[i] = (System.nanoTime() - start) / 1e6;
        }
        Arrays.sort(millis);
        return millis;
    }

    private double throughput(String scope, int total, int clients) throws Exception {
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < total; i++) {
            paths.add(recallPath(scope)); // drawn up front: the same queries on every run
        }
        long start = System.nanoTime();
        concurrently(total, clients, i -> expect(200, send("GET", paths.get(i), token, null)));
        return total / seconds(start);
    }

    private interface Call {
        void run(int index) throws Exception;
    }

    /** Runs {@code total} calls spread over {@code clients} threads, and waits for all of them. */
    private static void concurrently(int total, int clients, Call call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<?>> workers = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int client = c;
            workers.add(pool.submit(() -> {
                for (int i = client; i < total; i += clients) {
                    call.run(i);
                }
                return null;
            }));
        }
        for (Future<?> worker : workers) {
            worker.get();
        }
        pool.shutdown();
    }

    private String heapMib() throws IOException, InterruptedException {
        Matcher used = Pattern.compile("\"used_mib\":(\\d+)")
                .matcher(send("GET", "health/live", null, null).body());
        return used.find() ? used.group(1) : "?";
    }

    private String recallPath(String scope) {
        return "api/v1/scopes/" + scope + "/recall?limit=5&q=" + word() + "%20" + word();
    }

    private String searchPath(String scope) {
        return "api/v1/scopes/" + scope + "/search?top_k=10&q=" + word() + "%20" + word();
    }

    private String syntheticFact() {
        return syntheticFact(random);
    }

    private String syntheticFact(Random random) {
        int words = 8 + random.nextInt(8);
        StringBuilder content = new StringBuilder();
        for (int i = 0; i < words; i++) {
            content.append(i == 0 ? "" : " ").append(word(random));
        }
        return String.format(
                Locale.ROOT,
                "{\"content\":\"%s\",\"category\":\"c%d\",\"importance\":%.2f,\"tags\":[\"t%d\"]}",
                content,
                random.nextInt(20),
                random.nextDouble(),
                random.nextInt(50));
    }

    private String word() {
        return word(random);
    }

    /** Zipf-like choice: a few words are common, most are rare, as in real notes. */
    private String word(Random random) {
        double u = random.nextDouble();
        return vocabulary.get((int) Math.min(vocabulary.size() - 1, Math.floor(Math.pow(u, 3) * vocabulary.size())));
    }

    private static List<String> vocabulary(int size) {
        String[] syllables = {
            "ka", "lo", "mi", "ra", "te", "vu", "sen", "dor", "pal", "qui", "zen", "bri", "mon", "tas", "fel", "gor",
            "hin", "jur", "nex", "wil"
        };
        List<String> words = new ArrayList<>(size);
        for (int i = 0; words.size() < size; i++) {
            int a = i % syllables.length;
            int b = (i / syllables.length) % syllables.length;
            int c = (i / (syllables.length * syllables.length)) % syllables.length;
            words.add(syllables[a] + syllables[b] + syllables[c] + "x");
        }
        return words;
    }

    private String token(String tenant) {
        return http.token(tenant);
    }

    private HttpResponse<String> send(String method, String path, String bearer, String json)
            throws IOException, InterruptedException {
        return http.send(method, path, bearer, json);
    }

    private static void expect(int status, HttpResponse<?> response) {
        BenchHttp.expect(status, response);
    }

    static double percentile(double[] sorted, double p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100 * sorted.length) - 1)];
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    static String ms(double millis) {
        return String.format("%.2f ms", millis);
    }

    private static void print(List<Map<String, String>> rows, int background, int tenants, int loaded, int clients) {
        System.out.printf(
                "%nMemoria benchmark: %,d facts in the measured scopes, %,d background facts over %d tenants, "
                        + "%d concurrent clients for recalls/s, %d cores%n%n",
                loaded, background, tenants, clients, Runtime.getRuntime().availableProcessors());
        List<String> columns = new ArrayList<>(rows.get(0).keySet());
        StringBuilder header = new StringBuilder("|");
        StringBuilder rule = new StringBuilder("|");
        columns.forEach(c -> {
            header.append(' ').append(c).append(" |");
            rule.append("---|");
        });
        System.out.println(header);
        System.out.println(rule);
        for (Map<String, String> row : rows) {
            StringBuilder line = new StringBuilder("|");
            columns.forEach(c -> line.append(' ').append(row.get(c)).append(" |"));
            System.out.println(line);
        }
    }
}
