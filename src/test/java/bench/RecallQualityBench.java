package bench;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import dev.memoria.recall.control.Bm25;
import dev.memoria.text.control.TextAnalyzer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.WordlistLoader;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.snowball.SnowballFilter;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.util.IOUtils;

/**
 * Recall quality on a small dev set: BM25 alone, each embedding model alone, and weighted fusion
 * {@code w * minmax(bm25) + (1 - w) * minmax(cosine)} over the union of both top-50 lists.
 *
 * <p>Run: {@code ./mvnw -q test-compile exec:java -Dexec.mainClass=bench.RecallQualityBench -Dexec.classpathScope=test}
 * (src/site/markdown/recall.md has the results). Quality numbers are deterministic; the data sets are in
 * src/test/resources/bench/recall-devset.
 */
public final class RecallQualityBench {

    static final double[] WEIGHTS = {0.0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7};
    static final int CANDIDATES = 50;
    static final int[] TOTAL_SETS = {0, 1, 2, 4, 6};
    static final List<String> QUERY_VARIANTS = List.of("", "+qstop", "+qstop+meta");
    static final Set<String> STOPWORD_HEAVY =
            Set.of("S01", "S02", "S03", "S04", "S05", "C1.11", "C1.12", "C2.11", "C3.10", "C4.10", "C5.09", "C6.09");

    record Doc(String id, String text) {}

    record Question(String text, Set<String> evidence) {
        boolean probeOnly() {
            return evidence.isEmpty();
        }
    }

    record Dataset(String name, List<Doc> docs, List<Question> questions) {}

    /** BM25 over one corpus, with the product's analyzer on the documents. */
    static final class Bm25Index {
        final List<Doc> docs;
        final List<Map<String, Integer>> tfs = new ArrayList<>();
        final int[] lengths;
        final Map<String, Integer> df = new HashMap<>();
        final double averageLength;

        Bm25Index(List<Doc> docs) {
            this.docs = docs;
            lengths = new int[docs.size()];
            long total = 0;
            for (int i = 0; i < docs.size(); i++) {
                Map<String, Integer> tf =
                        TextAnalyzer.termFrequencies(docs.get(i).text());
                tfs.add(tf);
                lengths[i] = tf.values().stream().mapToInt(Integer::intValue).sum();
                total += lengths[i];
                tf.keySet().forEach(t -> df.merge(t, 1, Integer::sum));
            }
            averageLength = (double) total / docs.size();
        }

        /** The most any fact could score for these terms (each term's score is below idf * (k1 + 1)). */
        double bound(Set<String> queryTerms) {
            double b = 0;
            for (String term : queryTerms) {
                b += Bm25.idf(docs.size(), df.getOrDefault(term, 0)) * (Bm25.K1 + 1);
            }
            return b;
        }

        double[] scores(Set<String> queryTerms) {
            double[] s = new double[docs.size()];
            for (String term : queryTerms) {
                Integer d = df.get(term);
                if (d == null) {
                    continue;
                }
                double idf = Bm25.idf(docs.size(), d);
                for (int i = 0; i < docs.size(); i++) {
                    Integer tf = tfs.get(i).get(term);
                    if (tf != null) {
                        s[i] += Bm25.termScore(idf, tf, lengths[i], averageLength);
                    }
                }
            }
            return s;
        }
    }

    // ---- query-side analysis -------------------------------------------------------------------------------

    /** Lucene's EnglishAnalyzer with its 33 stop words plus Snowball's English list (~174 words), query side only. */
    static final Analyzer QUERY_ANALYZER_EXTENDED;

    static {
        try (var reader = IOUtils.getDecodingReader(SnowballFilter.class, "english_stop.txt", StandardCharsets.UTF_8)) {
            CharArraySet stop = new CharArraySet(WordlistLoader.getSnowballWordSet(reader), false);
            stop.addAll(EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
            QUERY_ANALYZER_EXTENDED = new EnglishAnalyzer(stop);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The index's own analysis, which recall questions had before the longer stop lists. */
    static Set<String> indexQueryTerms(String q) {
        return TextAnalyzer.termFrequencies(q).keySet();
    }

    static Set<String> extendedQueryTerms(String q) {
        return analyze(QUERY_ANALYZER_EXTENDED, q);
    }

    /** The product's question analysis: the longer stop list and the words of asking about memory left out. */
    static Set<String> questionTerms(String q) {
        return TextAnalyzer.questionTerms(q);
    }

    static Set<String> queryTerms(String variant, String q) {
        return switch (variant) {
            case "" -> indexQueryTerms(q);
            case "+qstop" -> extendedQueryTerms(q);
            default -> questionTerms(q);
        };
    }

    static Set<String> analyze(Analyzer analyzer, String q) {
        Set<String> terms = new LinkedHashSet<>();
        try (TokenStream tokens = analyzer.tokenStream("q", q)) {
            CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
            tokens.reset();
            while (tokens.incrementToken()) {
                terms.add(term.toString());
            }
            tokens.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return terms;
    }

    // ---- rankers ---------------------------------------------------------------------------------------------

    static List<Integer> keyword(double[] bm25) {
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < bm25.length; i++) {
            if (bm25[i] > 0) {
                ids.add(i);
            }
        }
        ids.sort(byDesc(bm25));
        return ids;
    }

    static List<Integer> semantic(double[] cos) {
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < cos.length; i++) {
            ids.add(i);
        }
        ids.sort(byDesc(cos));
        return ids;
    }

    static List<Integer> hybrid(double[] bm25, double[] cos, double w) {
        Set<Integer> candidates = new LinkedHashSet<>();
        keyword(bm25).stream().limit(CANDIDATES).forEach(candidates::add);
        semantic(cos).stream().limit(CANDIDATES).forEach(candidates::add);
        double[] b = minMax(bm25, candidates);
        double[] c = minMax(cos, candidates);
        double[] fused = new double[bm25.length];
        Arrays.fill(fused, Double.NEGATIVE_INFINITY);
        for (int i : candidates) {
            fused[i] = w * b[i] + (1 - w) * c[i];
        }
        List<Integer> ids = new ArrayList<>(candidates);
        ids.sort(byDesc(fused));
        return ids;
    }

    /** Fusion with BM25 divided by the query's own bound (share of the query's term weight matched), cosine min-max. */
    static List<Integer> hybridBounded(double[] bm25, double bound, double[] cos, double w) {
        Set<Integer> candidates = new LinkedHashSet<>();
        keyword(bm25).stream().limit(CANDIDATES).forEach(candidates::add);
        semantic(cos).stream().limit(CANDIDATES).forEach(candidates::add);
        double[] c = minMax(cos, candidates);
        double[] fused = new double[bm25.length];
        for (int i : candidates) {
            fused[i] = w * (bound > 0 ? Math.min(1, bm25[i] / bound) : 0) + (1 - w) * c[i];
        }
        List<Integer> ids = new ArrayList<>(candidates);
        ids.sort(byDesc(fused));
        return ids;
    }

    /** Reciprocal rank fusion (k = 60) of the two top-50 lists, for reference. */
    static List<Integer> rrf(double[] bm25, double[] cos) {
        double[] fused = new double[bm25.length];
        Set<Integer> candidates = new LinkedHashSet<>();
        List<Integer> k = keyword(bm25).stream().limit(CANDIDATES).toList();
        List<Integer> s = semantic(cos).stream().limit(CANDIDATES).toList();
        for (int r = 0; r < k.size(); r++) {
            fused[k.get(r)] += 1.0 / (60 + r + 1);
            candidates.add(k.get(r));
        }
        for (int r = 0; r < s.size(); r++) {
            fused[s.get(r)] += 1.0 / (60 + r + 1);
            candidates.add(s.get(r));
        }
        List<Integer> ids = new ArrayList<>(candidates);
        ids.sort(byDesc(fused));
        return ids;
    }

    /** Min-max over the candidates; a column without spread (all-zero BM25: no shared term) is all zero. */
    static double[] minMax(double[] v, Set<Integer> over) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i : over) {
            min = Math.min(min, v[i]);
            max = Math.max(max, v[i]);
        }
        double[] out = new double[v.length];
        double range = max - min;
        if (!(range > 1e-12)) {
            return out;
        }
        for (int i : over) {
            out[i] = (v[i] - min) / range;
        }
        return out;
    }

    static Comparator<Integer> byDesc(double[] score) {
        return (a, b) -> {
            int c = Double.compare(score[b], score[a]);
            return c != 0 ? c : Integer.compare(a, b);
        };
    }

    // ---- scoring ---------------------------------------------------------------------------------------------

    static final class Tally {
        int questions;
        int hit1;
        int hit5;
        double mrr;
        int stopwordFirst;
        int probes;

        void add(Dataset d, Question q, List<Integer> ranked) {
            if (!ranked.isEmpty()
                    && STOPWORD_HEAVY.contains(d.docs().get(ranked.get(0)).id())) {
                stopwordFirst++;
            }
            probes++;
            if (q.probeOnly()) {
                return;
            }
            questions++;
            for (int r = 0; r < Math.min(10, ranked.size()); r++) {
                if (q.evidence().contains(d.docs().get(ranked.get(r)).id())) {
                    if (r == 0) {
                        hit1++;
                    }
                    if (r < 5) {
                        hit5++;
                    }
                    mrr += 1.0 / (r + 1);
                    break;
                }
            }
        }

        String cell() {
            return String.format(Locale.ROOT, "%d / %d", hit1, hit5);
        }

        String frac() {
            return String.format(Locale.ROOT, "%.3f / %.3f", hit1 / (double) questions, hit5 / (double) questions);
        }
    }

    public static void main(String[] args) throws Exception {
        Path out = args.length > 0 ? Path.of(args[0]) : null;
        StringBuilder report = new StringBuilder();

        List<Doc> facts = docs("facts.tsv");
        List<Doc> turns = new ArrayList<>();
        List<Doc> datedTurns = new ArrayList<>();
        DateTimeFormatter f = DateTimeFormatter.ofPattern("EEEE, d MMMM yyyy", Locale.ENGLISH);
        for (String[] row : rows("conversation.tsv")) {
            turns.add(new Doc(row[0], row[2]));
            datedTurns.add(new Doc(row[0], "[" + LocalDate.parse(row[1]).format(f) + "] " + row[2]));
        }
        List<Dataset> datasets = List.of(
                new Dataset("paraphrase (no shared word)", facts, questions("paraphrase.tsv")),
                new Dataset("lexical (names)", facts, questions("lexical.tsv")),
                new Dataset("identifiers (hosts, codes, tickets)", facts, questions("identifiers.tsv")),
                new Dataset("conversation, plain turns", turns, questions("conversation-questions.tsv")),
                new Dataset("conversation, session date in text", datedTurns, questions("conversation-questions.tsv")),
                new Dataset("stop-word probes", facts, questions("stopword-probe.tsv")),
                crowded());

        // The paraphrase questions must share no content word with their fact, after the index's analysis.
        for (Question q : datasets.get(0).questions()) {
            Set<String> shared = new LinkedHashSet<>(indexQueryTerms(q.text()));
            for (Doc d : facts) {
                if (q.evidence().contains(d.id())) {
                    shared.retainAll(TextAnalyzer.termFrequencies(d.text()).keySet());
                }
            }
            if (!shared.isEmpty()) {
                report.append("WARNING: paraphrase question shares ")
                        .append(shared)
                        .append(": ")
                        .append(q.text())
                        .append('\n');
            }
        }

        ExecutorService executor = Executors.newFixedThreadPool(2);
        Map<String, Function<String, String>> queryForms = new LinkedHashMap<>();
        Map<String, Map<Dataset, double[][]>> docVectors = new LinkedHashMap<>();
        Map<String, EmbeddingModel> models = new LinkedHashMap<>();
        long t0 = System.nanoTime();
        models.put("all-minilm-l6-v2-q", new AllMiniLmL6V2QuantizedEmbeddingModel(executor));
        models.put("bge-small-en-v1.5-q", new BgeSmallEnV15QuantizedEmbeddingModel(executor));
        report.append(String.format(Locale.ROOT, "loaded both models in %.0f ms%n", (System.nanoTime() - t0) / 1e6));
        // semantic variants: model + how the query is written
        record Variant(String name, EmbeddingModel model, Function<String, String> query) {}
        List<Variant> variants = List.of(
                new Variant("MiniLM-L6-v2-q", models.get("all-minilm-l6-v2-q"), q -> q),
                new Variant("BGE-small-en-v1.5-q", models.get("bge-small-en-v1.5-q"), q -> q),
                new Variant(
                        "BGE + query instruction",
                        models.get("bge-small-en-v1.5-q"),
                        q -> "Represent this sentence for searching relevant passages: " + q));

        Map<String, double[][]> cacheDocs = new HashMap<>();
        for (Dataset d : datasets) {
            report.append("\n### ")
                    .append(d.name())
                    .append(" — ")
                    .append(d.docs().size())
                    .append(" facts, ")
                    .append(d.questions().stream().filter(q -> !q.probeOnly()).count())
                    .append(" questions\n\n");
            Bm25Index index = new Bm25Index(d.docs());
            Map<String, Tally> tallies = new LinkedHashMap<>();
            List<String> rowNames = new ArrayList<>();
            for (Variant v : variants) {
                double[][] dv = cacheDocs.computeIfAbsent(
                        System.identityHashCode(v.model()) + "|" + System.identityHashCode(d.docs()),
                        k -> embedAll(
                                v.model(), d.docs().stream().map(Doc::text).toList()));
                double[][] qv = embedAll(
                        v.model(),
                        d.questions().stream()
                                .map(q -> v.query().apply(q.text()))
                                .toList());
                for (int qi = 0; qi < d.questions().size(); qi++) {
                    Question q = d.questions().get(qi);
                    double[] cos = new double[d.docs().size()];
                    for (int i = 0; i < cos.length; i++) {
                        cos[i] = dot(qv[qi], dv[i]);
                    }
                    for (String qs : QUERY_VARIANTS) {
                        double[] bm = index.scores(queryTerms(qs, q.text()));
                        add(tallies, rowNames, "keyword only (BM25" + qs + ")", v.name(), d, q, keyword(bm));
                        for (double w : WEIGHTS) {
                            add(
                                    tallies,
                                    rowNames,
                                    String.format(
                                            Locale.ROOT, "hybrid w=%.1f%s", w, qs.isEmpty() ? "" : " (BM25" + qs + ")"),
                                    v.name(),
                                    d,
                                    q,
                                    hybrid(bm, cos, w));
                        }
                        add(
                                tallies,
                                rowNames,
                                "RRF k=60" + (qs.isEmpty() ? "" : " (BM25" + qs + ")"),
                                v.name(),
                                d,
                                q,
                                rrf(bm, cos));
                        if (!qs.equals("+qstop")) {
                            double bound = index.bound(queryTerms(qs, q.text()));
                            for (double w : WEIGHTS) {
                                add(
                                        tallies,
                                        rowNames,
                                        String.format(
                                                Locale.ROOT,
                                                "hybrid-bounded w=%.1f%s",
                                                w,
                                                qs.isEmpty() ? "" : " (BM25" + qs + ")"),
                                        v.name(),
                                        d,
                                        q,
                                        hybridBounded(bm, bound, cos, w));
                            }
                        }
                    }
                    add(tallies, rowNames, "semantic only", v.name(), d, q, semantic(cos));
                }
            }
            boolean probes = d.name().startsWith("stop-word");
            report.append("| method |");
            variants.forEach(v -> report.append(' ')
                    .append(v.name())
                    .append(probes ? " hit@1 / hit@5 / S-fact first |" : " hit@1 / hit@5 |"));
            report.append("\n|---|");
            variants.forEach(v -> report.append("---|"));
            report.append('\n');
            List<String> order = sortedRows(rowNames);
            for (String row : order) {
                report.append("| ").append(row).append(" |");
                for (Variant v : variants) {
                    Tally t = tallies.get(row + "|" + v.name());
                    if (row.startsWith("keyword") && v != variants.get(0)) {
                        report.append(" 〃 |");
                        continue;
                    }
                    report.append(' ').append(t.cell());
                    if (probes) {
                        report.append(" / ")
                                .append(t.stopwordFirst)
                                .append(" of ")
                                .append(t.probes);
                    }
                    report.append(" |");
                }
                report.append('\n');
            }
            if (probes) {
                report.append(
                        "\nTop fact per probe (MiniLM / BGE, hybrid w=0.3, BM25 with the index's analysis | the product's question analysis):\n\n");
                for (Question q : d.questions()) {
                    StringBuilder line = new StringBuilder("- `" + q.text() + "` → ");
                    for (Variant v : variants.subList(0, 2)) {
                        double[][] dv = cacheDocs.get(
                                System.identityHashCode(v.model()) + "|" + System.identityHashCode(d.docs()));
                        double[] qv = embedAll(v.model(), List.of(q.text()))[0];
                        double[] cos = new double[d.docs().size()];
                        for (int i = 0; i < cos.length; i++) {
                            cos[i] = dot(qv, dv[i]);
                        }
                        String a = d.docs()
                                .get(hybrid(index.scores(indexQueryTerms(q.text())), cos, 0.3)
                                        .get(0))
                                .id();
                        String b = d.docs()
                                .get(hybrid(index.scores(questionTerms(q.text())), cos, 0.3)
                                        .get(0))
                                .id();
                        String kw = keyword(index.scores(indexQueryTerms(q.text()))).stream()
                                .findFirst()
                                .map(i -> d.docs().get(i).id())
                                .orElse("none");
                        line.append(v.name())
                                .append(": ")
                                .append(a)
                                .append(" | ")
                                .append(b)
                                .append("; ");
                        if (v == variants.get(0)) {
                            line.insert(0, "");
                            line.append("BM25 alone: ")
                                    .append(kw)
                                    .append(" (terms ")
                                    .append(indexQueryTerms(q.text()))
                                    .append(" / ")
                                    .append(questionTerms(q.text()))
                                    .append("); ");
                        }
                    }
                    report.append(line).append('\n');
                }
            }
            // Misses at hit@5 of the likely recommendations, to read
            if (!probes) {
                for (Variant v : variants.subList(0, 2)) {
                    report.append("\nMisses at hit@5, ").append(v.name()).append(" hybrid w=0.3 (BM25+qstop+meta): ");
                    double[][] dv =
                            cacheDocs.get(System.identityHashCode(v.model()) + "|" + System.identityHashCode(d.docs()));
                    for (Question q : d.questions()) {
                        if (q.probeOnly()) {
                            continue;
                        }
                        double[] qv = embedAll(v.model(), List.of(v.query().apply(q.text())))[0];
                        double[] cos = new double[d.docs().size()];
                        for (int i = 0; i < cos.length; i++) {
                            cos[i] = dot(qv, dv[i]);
                        }
                        List<Integer> ranked = hybrid(index.scores(questionTerms(q.text())), cos, 0.3);
                        boolean hit = ranked.stream()
                                .limit(5)
                                .anyMatch(i ->
                                        q.evidence().contains(d.docs().get(i).id()));
                        if (!hit) {
                            report.append("`")
                                    .append(q.text())
                                    .append("` (top: ")
                                    .append(d.docs().get(ranked.get(0)).id())
                                    .append("); ");
                        }
                    }
                }
                report.append('\n');
            }
            allTallies.put(d.name(), tallies);
        }

        // Totals over the three question sets that count (paraphrase + lexical + conversation with dates)
        report.append("\n### Totals: paraphrase + names + identifiers + conversation (dated) + crowded identifiers, ")
                .append(Arrays.stream(TOTAL_SETS)
                        .mapToLong(i -> datasets.get(i).questions().stream()
                                .filter(q -> !q.probeOnly())
                                .count())
                        .sum())
                .append(" questions — hit@1 / hit@5\n\n| method |");
        variants.forEach(v -> report.append(' ').append(v.name()).append(" |"));
        report.append("\n|---|");
        variants.forEach(v -> report.append("---|"));
        report.append('\n');
        Map<String, Tally> first = allTallies.get(datasets.get(0).name());
        List<String> rows = sortedRows(new ArrayList<>(new LinkedHashSet<>(
                first.keySet().stream().map(k -> k.substring(0, k.indexOf('|'))).toList())));
        for (String row : rows) {
            report.append("| ").append(row).append(" |");
            for (Variant v : variants) {
                int h1 = 0;
                int h5 = 0;
                int n = 0;
                for (int di : TOTAL_SETS) {
                    Tally t = allTallies.get(datasets.get(di).name()).get(row + "|" + v.name());
                    h1 += t.hit1;
                    h5 += t.hit5;
                    n += t.questions;
                }
                report.append(String.format(
                        Locale.ROOT, " %d / %d (%.2f / %.2f) |", h1, h5, h1 / (double) n, h5 / (double) n));
            }
            report.append('\n');
        }

        executor.shutdownNow();
        System.out.println(report);
        if (out != null) {
            Files.writeString(out, report.toString());
        }
    }

    static List<String> sortedRows(List<String> rows) {
        List<String> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparing((String r) -> r.startsWith("keyword") ? 0 : r.startsWith("semantic") ? 1 : 2)
                .thenComparing(r -> r.contains("+meta") ? 2 : r.contains("qstop") ? 1 : 0)
                .thenComparing(r -> r.startsWith("RRF") ? 2 : r.startsWith("hybrid-bounded") ? 1 : 0)
                .thenComparing(r -> r));
        return sorted;
    }

    static final Map<String, Map<String, Tally>> allTallies = new LinkedHashMap<>();

    static void add(
            Map<String, Tally> tallies,
            List<String> rowNames,
            String row,
            String variant,
            Dataset d,
            Question q,
            List<Integer> ranked) {
        if (!rowNames.contains(row)) {
            rowNames.add(row);
        }
        tallies.computeIfAbsent(row + "|" + variant, k -> new Tally()).add(d, q, ranked);
    }

    static double[][] embedAll(EmbeddingModel model, List<String> texts) {
        List<Embedding> e =
                model.embedAll(texts.stream().map(TextSegment::from).toList()).content();
        double[][] out = new double[e.size()][];
        for (int i = 0; i < e.size(); i++) {
            float[] v = e.get(i).vector();
            out[i] = new double[v.length];
            for (int j = 0; j < v.length; j++) {
                out[i][j] = v[j];
            }
        }
        return out;
    }

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    /**
     * 240 near-identical generated facts (tickets, hosts, feature flags) plus the hand-written facts, and 30
     * questions naming one identifier: a crowded scope where only the identifier tells facts apart.
     */
    static Dataset crowded() {
        java.util.Random random = new java.util.Random(23);
        String[] topics = {
            "late invoices",
            "a broken login page",
            "slow search results",
            "missing e-mails",
            "a refund request",
            "a duplicate charge",
            "an expired certificate",
            "a failed export",
            "wrong tax rates",
            "a locked account",
            "a missing delivery",
            "an API rate limit",
            "a crashed mobile app",
            "a password reset loop",
            "wrong currency",
            "a data deletion request",
            "a slow dashboard",
            "a webhook timeout",
            "a CSV import error",
            "a contract renewal"
        };
        String[] services = {"payments", "search", "orders", "billing", "auth", "catalog", "shipping", "reports"};
        String[][] envs = {{"staging", "stg"}, {"production", "prd"}, {"test", "tst"}};
        String[] adjectives = {"new", "fast", "blue", "dark", "smart", "quick", "beta", "green", "lazy", "safe"};
        String[] nouns = {"checkout", "search", "onboarding", "pricing", "export", "cart", "profile", "inbox"};
        List<Doc> docs = new ArrayList<>(docs("facts.tsv"));
        List<Question> questions = new ArrayList<>();
        Set<Integer> used = new java.util.HashSet<>();
        for (int i = 0; i < 80; i++) {
            int n;
            do {
                n = 10000 + random.nextInt(90000);
            } while (!used.add(n));
            String id = "T" + i;
            docs.add(new Doc(id, "Customer ticket " + n + " is about " + topics[random.nextInt(topics.length)] + "."));
            if (i % 8 == 0) {
                questions.add(
                        new Question(i % 16 == 0 ? "ticket " + n : "what is ticket " + n + " about?", Set.of(id)));
            }
        }
        Set<String> hosts = new java.util.HashSet<>();
        for (int i = 0; i < 80; i++) {
            String host;
            String service;
            String[] env;
            do {
                service = services[random.nextInt(services.length)];
                env = envs[random.nextInt(envs.length)];
                host = String.format(Locale.ROOT, "%s-%s-%02d", service, env[1], 1 + random.nextInt(12));
            } while (!hosts.add(host));
            String id = "H" + i;
            docs.add(new Doc(id, "The " + env[0] + " " + service + " service runs on " + host + ".internal."));
            if (i % 8 == 0) {
                questions.add(new Question(i % 16 == 0 ? host : "what runs on " + host + "?", Set.of(id)));
            }
        }
        Set<String> flags = new java.util.HashSet<>();
        for (int i = 0; i < 80; i++) {
            String flag;
            do {
                flag = adjectives[random.nextInt(adjectives.length)] + "-" + nouns[random.nextInt(nouns.length)];
            } while (!flags.add(flag));
            String id = "G" + i;
            docs.add(new Doc(
                    id,
                    "Feature flag " + flag + " is " + (random.nextBoolean() ? "on" : "off") + " for "
                            + (5 + random.nextInt(95)) + " percent of users."));
            if (i % 8 == 0) {
                questions.add(new Question(i % 16 == 0 ? flag : "is the " + flag + " flag on?", Set.of(id)));
            }
        }
        return new Dataset("crowded identifiers (" + 240 + " generated look-alikes)", docs, questions);
    }

    static List<Doc> docs(String file) {
        return rows(file).stream().map(r -> new Doc(r[0], r[1])).toList();
    }

    static List<Question> questions(String file) {
        return rows(file).stream()
                .map(r -> new Question(
                        r[0],
                        r[1].equals("-")
                                ? Set.of()
                                : Arrays.stream(r[1].split(","))
                                        .map(String::trim)
                                        .collect(Collectors.toSet())))
                .toList();
    }

    static List<String[]> rows(String file) {
        try (InputStream in = RecallQualityBench.class.getResourceAsStream("/bench/recall-devset/" + file);
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return r.lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#"))
                    .map(l -> l.split("\t"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private RecallQualityBench() {}
}
