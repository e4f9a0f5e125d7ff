package bench;

import java.io.*;
import java.nio.file.*;
import java.sql.*;
import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;

/**
 * The reproduction of acknowledged commits lost by H2 2.5.252 after a large write (benchmarks.md, "Durability of the
 * embedded database"): a large write, then a child JVM committing 50-row batches, killed with SIGKILL after 2-6 s,
 * N times; after each kill every acknowledged batch must be there. Run it from the project with H2 on the class path:
 * {@code java -cp target/test-classes:$HOME/.m2/repository/com/h2database/h2/2.5.252/h2-2.5.252.jar
 * bench.H2CommitLoss run target/h2-loss 30 --set-wd0 --bg}.
 *
 * Parent: java bench.H2CommitLoss run <dbdir> <N> [options]
 * Child : java bench.H2CommitLoss child <dbdir> <iter> [options]
 * Options: --set-wd0 (SET WRITE_DELAY 0 once on one pool connection), --url=<extra>, --bg (background
 * embedding writer in child), --sync (CHECKPOINT SYNC after each commit), --big-in-child (repeat the large
 * write in each child before batches), --threads=<max committer threads, random 1..max>, --seed=<n>
 */
public class H2CommitLoss {
    static final String BASE = ";MODE=LEGACY;DB_CLOSE_ON_EXIT=FALSE;CACHE_SIZE=65536";
    static Map<String, String> opts = new HashMap<>();

    static String url(String dir) {
        return "jdbc:h2:" + dir + "/db" + BASE + opts.getOrDefault("url", "");
    }

    static boolean has(String k) {
        return opts.containsKey(k);
    }

    public static void main(String[] a) throws Exception {
        for (int i = 3; i < a.length; i++) {
            String s = a[i].substring(2);
            int eq = s.indexOf('=');
            if (eq < 0) opts.put(s, "1");
            else opts.put(s.substring(0, eq), s.substring(eq + 1));
        }
        if (a[0].equals("run")) parent(a[1], Integer.parseInt(a[2]), a);
        else if (a[0].equals("bench")) bench(a[1], Integer.parseInt(a[2]));
        else child(a[1], Integer.parseInt(a[2]));
    }

    static final byte[] vec(Random r) {
        byte[] b = new byte[1536];
        r.nextBytes(b);
        return b;
    }

    /** ~20k docs in tx of 500 from one thread + 20k ~1.5 KB vectors (insert, then re-embed update) from another. */
    static void bigWrite(String dir, long idBase) throws Exception {
        long t0 = System.currentTimeMillis();
        AtomicLong committedDocs = new AtomicLong(idBase);
        final int DOCS = 20000;
        Thread vt = new Thread(() -> {
            try (Connection c = DriverManager.getConnection(url(dir), "sa", "")) {
                c.setAutoCommit(false);
                Random r = new Random();
                long next = idBase + 1;
                try (PreparedStatement ins = c.prepareStatement("MERGE INTO VEC(DOC_ID, V) KEY(DOC_ID) VALUES(?,?)");
                        PreparedStatement upd = c.prepareStatement("UPDATE VEC SET V=? WHERE DOC_ID=?")) {
                    while (next <= idBase + DOCS) {
                        long upto = committedDocs.get();
                        if (upto < next) {
                            Thread.sleep(5);
                            continue;
                        }
                        for (int n = 0; next <= upto && n < 50; next++, n++) {
                            ins.setLong(1, next);
                            ins.setBytes(2, vec(r));
                            ins.executeUpdate();
                        }
                        c.commit();
                    }
                    for (long id = idBase + 1; id <= idBase + DOCS; id += 2) { // re-embed half of them
                        upd.setBytes(1, vec(r));
                        upd.setLong(2, id);
                        upd.executeUpdate();
                        if (id % 100 == 1) c.commit();
                    }
                    c.commit();
                }
            } catch (Exception e) {
                e.printStackTrace();
            }
        });
        vt.start();
        try (Connection c = DriverManager.getConnection(url(dir), "sa", "")) {
            c.setAutoCommit(false);
            Random r = new Random();
            try (PreparedStatement ps = c.prepareStatement("MERGE INTO DOCS(ID, TITLE, BODY) KEY(ID) VALUES(?,?,?)")) {
                for (int i = 1; i <= DOCS; i++) {
                    long id = idBase + i;
                    ps.setLong(1, id);
                    ps.setString(2, "title " + id);
                    ps.setString(3, "body " + Long.toHexString(r.nextLong()).repeat(20));
                    ps.executeUpdate();
                    if (i % 500 == 0) {
                        c.commit();
                        committedDocs.set(id);
                    }
                }
                c.commit();
                committedDocs.set(idBase + DOCS);
            }
        }
        vt.join();
        System.err.println("bigWrite " + (System.currentTimeMillis() - t0) + " ms");
    }

    static void parent(String dir, int n, String[] args) throws Exception {
        Path d = Paths.get(dir);
        if (Files.exists(d))
            try (var s = Files.walk(d)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        Files.createDirectories(d);
        Class.forName("org.h2.Driver");
        try (Connection c = DriverManager.getConnection(url(dir), "sa", "");
                Statement s = c.createStatement()) {
            if (has("set-wd0")) s.execute("SET WRITE_DELAY 0");
            s.execute("CREATE TABLE DOCS(ID BIGINT PRIMARY KEY, TITLE VARCHAR(200), BODY VARCHAR(2000))");
            s.execute("CREATE TABLE VEC(DOC_ID BIGINT PRIMARY KEY, V " + opts.getOrDefault("vectype", "BLOB") + ")");
            s.execute(
                    "CREATE TABLE B(ID BIGINT AUTO_INCREMENT PRIMARY KEY, BATCH BIGINT NOT NULL, K INT, PAYLOAD VARCHAR(200))");
            s.execute("CREATE INDEX B_BATCH ON B(BATCH)");
            c.commit();
            bigWrite(dir, 0);
        }
        Random rnd = new Random(Long.parseLong(opts.getOrDefault("seed", "1")));
        long kills = 0, acked = 0, present = 0, lost = 0, itersWithLoss = 0, ackedInWindow = 0;
        double windowSec = 0;
        String cp = System.getProperty("java.class.path");
        for (int it = 1; it <= n; it++) {
            List<String> cmd = new ArrayList<>(
                    List.of("java", "-Xmx1g", "-cp", cp, "bench.H2CommitLoss", "child", dir, String.valueOf(it)));
            for (int i = 3; i < args.length; i++) cmd.add(args[i]);
            int threads = 1 + rnd.nextInt(Integer.parseInt(opts.getOrDefault("threads", "3")));
            cmd.add("--nthreads=" + threads);
            File outF = new File(dir, "child" + it + ".out");
            Process p = new ProcessBuilder(cmd)
                    .redirectOutput(outF)
                    .redirectError(ProcessBuilder.Redirect.appendTo(new File(dir, "child.err")))
                    .start();
            long deadline = System.currentTimeMillis() + 300_000;
            while (!Files.readString(outF.toPath()).contains("READY")) {
                if (System.currentTimeMillis() > deadline || !p.isAlive())
                    throw new IllegalStateException("child not ready");
                Thread.sleep(20);
            }
            long readyAt = System.nanoTime();
            long delay = 2000 + rnd.nextInt(4001);
            Thread.sleep(delay);
            p.destroyForcibly(); // SIGKILL
            long killedAt = System.nanoTime();
            p.waitFor();
            Set<Long> acks = new HashSet<>();
            for (String l : Files.readAllLines(outF.toPath()))
                if (l.startsWith("ACK ")) acks.add(Long.parseLong(l.substring(4).trim()));
            outF.delete();
            kills++;
            windowSec += (killedAt - readyAt) / 1e9;
            ackedInWindow += acks.size();
            Path killedCopy = Paths.get(dir, "killed.mv.db");
            if (has("keep-copy"))
                Files.copy(Paths.get(dir, "db.mv.db"), killedCopy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            // reopen (recovery happens here) and check
            Map<Long, Integer> counts = new HashMap<>();
            try (Connection c = DriverManager.getConnection(url(dir), "sa", "");
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT BATCH, COUNT(*) FROM B WHERE BATCH >= " + (it * 1_000_000L)
                            + " AND BATCH < " + ((it + 1) * 1_000_000L) + " GROUP BY BATCH")) {
                while (rs.next()) counts.put(rs.getLong(1), rs.getInt(2));
            }
            List<Long> lostList = new ArrayList<>();
            for (long b : acks) {
                Integer cnt = counts.get(b);
                if (cnt != null && cnt == 50) present++;
                else {
                    lost++;
                    lostList.add(b);
                    if (cnt != null) System.out.println("PARTIAL batch " + b + " rows=" + cnt);
                }
            }
            acked += acks.size();
            Collections.sort(lostList);
            long maxAck = acks.stream().mapToLong(x -> x).max().orElse(0);
            long maxPresent = counts.keySet().stream().mapToLong(x -> x).max().orElse(0);
            if (!lostList.isEmpty()) itersWithLoss++;
            if (has("keep-copy")) {
                if (!lostList.isEmpty())
                    Files.move(
                            killedCopy,
                            Paths.get(dir, "killed-" + it + ".mv.db"),
                            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                else Files.deleteIfExists(killedCopy);
            }
            System.out.printf(
                    "iter %d threads=%d killAfter=%dms acked=%d lost=%d maxAck=%d maxPresent=%d lost=%s fileMB=%.1f%n",
                    it,
                    threads,
                    delay,
                    acks.size(),
                    lostList.size(),
                    maxAck % 1_000_000,
                    maxPresent % 1_000_000,
                    lostList.stream().map(x -> String.valueOf(x % 1_000_000)).toList(),
                    new File(dir, "db.mv.db").length() / 1048576.0);
        }
        System.out.printf(
                "SUMMARY opts=%s kills=%d acked=%d present=%d lost=%d killsWithLoss=%d commits/s=%.1f%n",
                opts, kills, acked, present, lost, itersWithLoss, ackedInWindow / windowSec);
    }

    /** No kill: fresh DB + big write, then 1 thread commits 50-row batches for `sec` seconds; prints commits/s. */
    static void bench(String dir, int sec) throws Exception {
        Path d = Paths.get(dir);
        if (Files.exists(d))
            try (var st = Files.walk(d)) {
                st.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        Files.createDirectories(d);
        try (Connection c = DriverManager.getConnection(url(dir), "sa", "");
                Statement s = c.createStatement()) {
            if (has("set-wd0")) s.execute("SET WRITE_DELAY 0");
            s.execute("CREATE TABLE DOCS(ID BIGINT PRIMARY KEY, TITLE VARCHAR(200), BODY VARCHAR(2000))");
            s.execute("CREATE TABLE VEC(DOC_ID BIGINT PRIMARY KEY, V BLOB)");
            s.execute(
                    "CREATE TABLE B(ID BIGINT AUTO_INCREMENT PRIMARY KEY, BATCH BIGINT NOT NULL, K INT, PAYLOAD VARCHAR(200))");
            s.execute("CREATE INDEX B_BATCH ON B(BATCH)");
            bigWrite(dir, 0);
            c.setAutoCommit(false);
            long end = System.currentTimeMillis() + sec * 1000L, n = 0, t0 = System.nanoTime();
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO B(BATCH, K, PAYLOAD) VALUES(?,?,?)")) {
                while (System.currentTimeMillis() < end) {
                    n++;
                    for (int k = 0; k < 50; k++) {
                        ps.setLong(1, n);
                        ps.setInt(2, k);
                        ps.setString(3, "row " + n + "/" + k + " xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
                        ps.addBatch();
                    }
                    ps.executeBatch();
                    c.commit();
                    if (has("sync")) s.execute("CHECKPOINT SYNC");
                }
            }
            double cps = n / ((System.nanoTime() - t0) / 1e9);
            System.out.printf(
                    "BENCH opts=%s commits/s=%.1f fileMB=%.1f%n",
                    opts, cps, new File(dir, "db.mv.db").length() / 1048576.0);
        }
    }

    static final Object OUT = new Object();

    static void child(String dir, int iter) throws Exception {
        Class.forName("org.h2.Driver");
        // "pool": first connection runs the start-up SET, stays open like a pooled connection
        Connection pool0 = DriverManager.getConnection(url(dir), "sa", "");
        pool0.setAutoCommit(false);
        if (has("set-wd0"))
            try (Statement s = pool0.createStatement()) {
                s.execute("SET WRITE_DELAY 0");
            }
        if (has("big-in-child")) bigWrite(dir, iter * 100_000L);
        try (Statement s = pool0.createStatement();
                ResultSet rs = s.executeQuery(
                        "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME='WRITE_DELAY'")) {
            if (rs.next()) System.err.println("child " + iter + " WRITE_DELAY=" + rs.getString(1));
        }
        pool0.commit();
        AtomicBoolean stop = new AtomicBoolean();
        if (has("bg")) {
            Thread bg = new Thread(() -> {
                try (Connection c = DriverManager.getConnection(url(dir), "sa", "")) {
                    c.setAutoCommit(false);
                    Random r = new Random();
                    long base = 10_000_000L + iter * 100_000L;
                    try (PreparedStatement up = c.prepareStatement("UPDATE VEC SET V=? WHERE DOC_ID=?");
                            PreparedStatement ins = c.prepareStatement("INSERT INTO VEC(DOC_ID, V) VALUES(?,?)")) {
                        for (long k = 0; !stop.get(); k++) {
                            for (int j = 0; j < 20; j++) {
                                up.setBytes(1, vec(r));
                                up.setLong(2, 1 + r.nextInt(20000));
                                up.executeUpdate();
                            }
                            ins.setLong(1, base + k);
                            ins.setBytes(2, vec(r));
                            ins.executeUpdate();
                            c.commit();
                        }
                    }
                } catch (Exception e) {
                    e.printStackTrace();
                }
            });
            bg.setDaemon(true);
            bg.start();
        }
        int nthreads = Integer.parseInt(opts.getOrDefault("nthreads", "1"));
        AtomicLong batchSeq = new AtomicLong(iter * 1_000_000L);
        boolean sync = has("sync");
        System.out.println("READY");
        System.out.flush();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < nthreads; t++) {
            Thread th = new Thread(() -> {
                try (Connection c = DriverManager.getConnection(url(dir), "sa", "")) {
                    c.setAutoCommit(false);
                    try (PreparedStatement ps = c.prepareStatement("INSERT INTO B(BATCH, K, PAYLOAD) VALUES(?,?,?)");
                            Statement st = c.createStatement()) {
                        while (true) {
                            long b = batchSeq.incrementAndGet();
                            for (int k = 0; k < 50; k++) {
                                ps.setLong(1, b);
                                ps.setInt(2, k);
                                ps.setString(3, "row " + b + "/" + k + " xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
                                ps.addBatch();
                            }
                            ps.executeBatch();
                            c.commit();
                            if (sync) st.execute("CHECKPOINT SYNC");
                            synchronized (OUT) {
                                System.out.println("ACK " + b);
                                System.out.flush();
                            }
                        }
                    }
                } catch (Exception e) {
                    e.printStackTrace();
                }
            });
            th.start();
            ts.add(th);
        }
        for (Thread th : ts) th.join();
    }
}
