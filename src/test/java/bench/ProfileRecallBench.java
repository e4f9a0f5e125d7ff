package bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.memoria.embedding.entity.Vectors;
import dev.memoria.recall.control.AnswerKind;
import dev.memoria.recall.control.Bm25;
import dev.memoria.recall.control.RecallMode;
import dev.memoria.recall.control.RecallRanking;
import dev.memoria.text.control.TextAnalyzer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Recall on the small-profile dev set (src/test/resources/bench/profiles): one scope per profile of 3 to 8 facts,
 * natural questions, some that nothing in the profile answers. For keyword, semantic and hybrid recall ranked as
 * the product ranks (as bench.ConversationRecallBench: the product's TextAnalyzer, Bm25, quantized vectors,
 * cosine, MIN_COSINE and RecallRanking, importance 0.5 and retention 1 for every fact): hit@1 and hit@3 over the
 * answerable questions, and for the unanswerable ones the share whose top score is below a min_score (a question
 * with no candidate at all counts as top score 0), with the mean top score of either kind. Once with the texts
 * the product indexes and embeds now (key, title, content, category indexed; "key. title. content" embedded),
 * once with the old ones (title, content, category indexed; content alone embedded). Odd-numbered profiles are
 * the tuning half, even-numbered ones the reported half.
 *
 * <p>Run: {@code ./mvnw -q -o test-compile exec:java -Dexec.mainClass=bench.ProfileRecallBench
 * -Dexec.classpathScope=test}. Deterministic; vectors are cached in target/bench-vectors.
 */
public final class ProfileRecallBench {

    static final double[] THRESHOLDS = {0.2, 0.25, 0.3, 0.35, 0.4};
    static final List<RecallMode> MODES = List.of(RecallMode.KEYWORD, RecallMode.SEMANTIC, RecallMode.HYBRID);

    record Fact(String id, String key, String title, String content, String category) {
        /** As Fact.indexedText() (no tags here); old: without the key. */
        String indexed(boolean withKey) {
            StringBuilder text = new StringBuilder();
            if (withKey && key != null) {
                text.append(key).append('\n');
            }
            if (title != null) {
                text.append(title).append('\n');
            }
            return text.append(content).append('\n').append(category).toString();
        }

        /** As EmbeddingBacklog.embeddedText; old: content alone. */
        String embedded(boolean withKey) {
            if (!withKey) {
                return content;
            }
            StringBuilder text = new StringBuilder();
            for (String part : new String[] {key, title}) {
                if (part != null && !part.isBlank()) {
                    text.append(part.strip()).append(". ");
                }
            }
            return text.append(content).toString();
        }
    }

    record Question(String text, Set<String> answers) {}

    record Profile(String name, boolean tuning, List<Fact> facts, List<Question> questions) {}

    /** One profile's scope, with the texts of one variant (new or old). */
    static final class Scope {
        final List<String> ids = new ArrayList<>();
        /** What each fact says (title and content): where recall looks for the kind of answer a question asks. */
        final List<String> said = new ArrayList<>();

        final List<Map<String, Integer>> tfs = new ArrayList<>();
        final List<byte[]> vectors = new ArrayList<>();
        final Map<String, Integer> df = new HashMap<>();
        int[] lengths;
        double averageLength;

        Scope(Profile profile, boolean withKey, Map<String, float[]> cache) {
            for (Fact fact : profile.facts()) {
                ids.add(fact.id());
                said.add(fact.title() == null ? fact.content() : fact.title() + ". " + fact.content());
                tfs.add(TextAnalyzer.termFrequencies(fact.indexed(withKey)));
                vectors.add(Vectors.quantized(Vectors.normalized(cache.get(fact.embedded(withKey)))));
            }
            lengths = new int[ids.size()];
            long total = 0;
            for (int i = 0; i < ids.size(); i++) {
                lengths[i] =
                        tfs.get(i).values().stream().mapToInt(Integer::intValue).sum();
                total += lengths[i];
                tfs.get(i).keySet().forEach(t -> df.merge(t, 1, Integer::sum));
            }
            averageLength = Math.max(1.0, (double) total / ids.size());
        }

        /** The product's ranking of this scope's facts for the question in one mode (all facts are within depth). */
        List<RecallRanking.Ranked> rank(String question, float[] query, RecallMode mode) {
            Set<String> terms = TextAnalyzer.questionTerms(question);
            double[] bm25 = new double[ids.size()];
            double bound = 0;
            for (String term : terms.stream().sorted().toList()) {
                Integer d = df.get(term);
                bound += Bm25.idf(ids.size(), d == null ? 0 : d);
                if (d == null) {
                    continue;
                }
                double idf = Bm25.idf(ids.size(), d);
                for (int i = 0; i < bm25.length; i++) {
                    Integer tf = tfs.get(i).get(term);
                    if (tf != null) {
                        bm25[i] += Bm25.termScore(idf, tf, lengths[i], averageLength);
                    }
                }
            }
            byte[] q = Vectors.quantized(Vectors.normalized(query));
            boolean keyword = mode != RecallMode.SEMANTIC;
            boolean semantic = mode != RecallMode.KEYWORD;
            List<RecallRanking.Candidate> list = new ArrayList<>();
            AnswerKind kind = AnswerKind.of(question);
            for (int i = 0; i < ids.size(); i++) {
                float cos = Vectors.cosine(q, vectors.get(i), 0);
                boolean byKeyword = keyword && bm25[i] > 0;
                boolean bySemantic = semantic && cos >= ConversationRecallBench.MIN_COSINE;
                if (byKeyword || bySemantic) {
                    list.add(new RecallRanking.Candidate(
                            ids.get(i),
                            keyword ? bm25[i] : 0,
                            semantic ? cos : Float.NaN,
                            0.5,
                            1.0,
                            kind != null && kind.heldBy(said.get(i))));
                }
            }
            return RecallRanking.rank(mode, list, bound);
        }

        /** The best raw cosine of the question to any fact (a diagnostic: not what min_score is compared with). */
        float bestCosine(float[] query) {
            byte[] q = Vectors.quantized(Vectors.normalized(query));
            float best = -1;
            for (byte[] v : vectors) {
                best = Math.max(best, Vectors.cosine(q, v, 0));
            }
            return best;
        }
    }

    static final class Tally {
        int answerable;
        int h1;
        int h3;
        double topAnswerable;
        final int[] kept = new int[THRESHOLDS.length];
        /** Per min_score: facts returned (top 5 at or above it), expected facts among them. */
        final int[] returned = new int[THRESHOLDS.length];

        final int[] expectedReturned = new int[THRESHOLDS.length];
        double cosAnswerable;
        int unanswerable;
        final int[] below = new int[THRESHOLDS.length];
        double topUnanswerable;
        double cosUnanswerable;

        void add(Question q, List<RecallRanking.Ranked> ranked, float bestCosine) {
            double top = ranked.isEmpty() ? 0 : ranked.get(0).score();
            for (int t = 0; t < THRESHOLDS.length; t++) {
                for (int r = 0; r < Math.min(5, ranked.size()); r++) {
                    if (ranked.get(r).score() >= THRESHOLDS[t]) {
                        returned[t]++;
                        expectedReturned[t] +=
                                q.answers().contains(ranked.get(r).id()) ? 1 : 0;
                    }
                }
            }
            if (q.answers().isEmpty()) {
                unanswerable++;
                topUnanswerable += top;
                cosUnanswerable += bestCosine;
                for (int t = 0; t < THRESHOLDS.length; t++) {
                    below[t] += top < THRESHOLDS[t] ? 1 : 0;
                }
                return;
            }
            answerable++;
            topAnswerable += top;
            for (int t = 0; t < THRESHOLDS.length; t++) {
                kept[t] += top >= THRESHOLDS[t] ? 1 : 0;
            }
            cosAnswerable += bestCosine;
            for (int r = 0; r < Math.min(3, ranked.size()); r++) {
                if (q.answers().contains(ranked.get(r).id())) {
                    h1 += r == 0 ? 1 : 0;
                    h3++;
                    break;
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        List<Profile> profiles = read();
        // -Dmodel=bge-small-en-v1.5-q measures the other local model the server ships
        String modelName = System.getProperty("model", "all-minilm-l6-v2-q");
        Map<String, float[]> cache = ConversationRecallBench.readCache(modelName);
        List<String> texts = new ArrayList<>();
        for (Profile p : profiles) {
            for (Fact f : p.facts()) {
                texts.add(f.embedded(true));
                texts.add(f.embedded(false));
            }
            p.questions().forEach(q -> texts.add(q.text()));
        }
        ExecutorService executor = Executors.newFixedThreadPool(1);
        EmbeddingModel model = modelName.startsWith("bge")
                ? new dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel(executor)
                : new AllMiniLmL6V2QuantizedEmbeddingModel(executor);
        ConversationRecallBench.embed(model, cache, texts);
        ConversationRecallBench.writeCache(modelName, cache);
        executor.shutdownNow();

        // variant -> half -> mode -> tally
        Map<String, Map<String, Map<RecallMode, Tally>>> tallies = new LinkedHashMap<>();
        for (String variant : List.of("old", "new")) {
            for (Profile p : profiles) {
                Scope scope = new Scope(p, variant.equals("new"), cache);
                String half = p.tuning() ? "tune" : "report";
                for (Question q : p.questions()) {
                    float[] vector = cache.get(q.text());
                    float bestCosine = scope.bestCosine(vector);
                    for (RecallMode mode : MODES) {
                        tallies.computeIfAbsent(variant, k -> new LinkedHashMap<>())
                                .computeIfAbsent(half, k -> new LinkedHashMap<>())
                                .computeIfAbsent(mode, k -> new Tally())
                                .add(q, scope.rank(q.text(), vector, mode), bestCosine);
                        List<RecallRanking.Ranked> ranked = scope.rank(q.text(), vector, mode);
                        if (Boolean.getBoolean("misses")
                                && p.tuning()
                                && variant.equals("new")
                                && mode == RecallMode.HYBRID
                                && !q.answers().isEmpty()
                                && (ranked.isEmpty()
                                        || !q.answers().contains(ranked.get(0).id()))) {
                            Map<String, Fact> byId = new HashMap<>();
                            p.facts().forEach(f -> byId.put(f.id(), f));
                            System.out.printf(
                                    "MISS %s%n  got  %s%n  want %s%n",
                                    q.text(),
                                    ranked.isEmpty()
                                            ? "-"
                                            : describe(byId.get(ranked.get(0).id())),
                                    q.answers().stream()
                                            .map(id -> describe(byId.get(id)))
                                            .toList());
                        }
                    }
                }
            }
        }
        StringBuilder out = new StringBuilder();
        for (String half : List.of("tune", "report")) {
            Tally any = tallies.get("new").get(half).get(RecallMode.HYBRID);
            out.append(String.format(
                    Locale.ROOT,
                    "%n%s half (%d profiles, %d answerable and %d unanswerable questions)%n%n",
                    half,
                    profiles.stream()
                            .filter(p -> p.tuning() == half.equals("tune"))
                            .count(),
                    any.answerable,
                    any.unanswerable));
            out.append("| texts | mode | hit@1 | hit@3 | unanswerable: empty at min_score 0.2 / 0.25 / 0.3 / 0.35 / 0.4"
                    + " | min_score 0.2 / 0.25 / 0.3 / 0.35 / 0.4: precision, recall of expected facts"
                    + " | mean top score, answerable / unanswerable | mean best raw cosine, answerable / unanswerable |\n"
                    + "|---|---|---|---|---|---|---|---|\n");
            for (String variant : List.of("old", "new")) {
                for (RecallMode mode : MODES) {
                    Tally t = tallies.get(variant).get(half).get(mode);
                    StringBuilder below = new StringBuilder();
                    StringBuilder kept = new StringBuilder();
                    for (int i = 0; i < THRESHOLDS.length; i++) {
                        below.append(i == 0 ? "" : " / ")
                                .append(String.format(Locale.ROOT, "%.2f", t.below[i] / (double) t.unanswerable));
                        kept.append(i == 0 ? "" : " / ")
                                .append(String.format(
                                        Locale.ROOT,
                                        "%.2f, %.2f",
                                        t.returned[i] == 0 ? 1.0 : t.expectedReturned[i] / (double) t.returned[i],
                                        t.expectedReturned[i] / (double) t.answerable));
                    }
                    out.append(String.format(
                            Locale.ROOT,
                            "| %s | %s | %.3f (%d) | %.3f (%d) | %s | %s | %.3f / %.3f | %.3f / %.3f |%n",
                            variant,
                            mode.wireName(),
                            t.h1 / (double) t.answerable,
                            t.h1,
                            t.h3 / (double) t.answerable,
                            t.h3,
                            below,
                            kept,
                            t.topAnswerable / t.answerable,
                            t.topUnanswerable / t.unanswerable,
                            t.cosAnswerable / t.answerable,
                            t.cosUnanswerable / t.unanswerable));
                }
            }
        }
        System.out.println(out);
    }

    private static String describe(Fact fact) {
        return (fact.key() == null ? "" : "[" + fact.key() + "] ")
                + (fact.title() == null ? "" : fact.title() + ": ")
                + fact.content();
    }

    static List<Profile> read() throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<Profile> profiles = new ArrayList<>();
        try (var in = ProfileRecallBench.class.getResourceAsStream("/bench/profiles/profiles.jsonl");
                var lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode p = json.readTree(line);
                List<Fact> facts = new ArrayList<>();
                for (JsonNode f : p.get("facts")) {
                    facts.add(new Fact(
                            f.get("id").asText(),
                            text(f, "key"),
                            text(f, "title"),
                            f.get("content").asText(),
                            f.get("category").asText()));
                }
                List<Question> questions = new ArrayList<>();
                for (JsonNode q : p.get("questions")) {
                    Set<String> answers = new LinkedHashSet<>();
                    q.get("answers").forEach(a -> answers.add(a.asText()));
                    questions.add(new Question(q.get("q").asText(), answers));
                }
                String name = p.get("profile").asText();
                int number = Integer.parseInt(name.substring(1));
                profiles.add(new Profile(name, number % 2 == 1, facts, questions));
            }
        }
        return profiles;
    }

    static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private ProfileRecallBench() {}
}
