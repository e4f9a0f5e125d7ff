package bench;

import dev.memoria.supersession.control.StatementFramesProbe;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Prototype: the product's decision, plus a meaning path for statements that say a value changed: the newer fact
 * ends its nearest current fact by meaning when the cosine of the two is high enough, it is clearly the nearest,
 * and nothing says both stay true. Run on the tune half and its stream to choose, then once on the reported data.
 */
public final class SupersessionMeaningBench {

    static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}']+");
    static final Set<String> CHANGE = Set.of(
            "now",
            "anymore",
            "instead",
            "switched",
            "switch",
            "changed",
            "change",
            "moved",
            "migrated",
            "replaced",
            "upgraded",
            "downgraded",
            "raised",
            "lowered",
            "increased",
            "decreased",
            "reduced",
            "bumped",
            "dropped",
            "cancelled",
            "canceled",
            "quit",
            "stopped",
            "ended",
            "became",
            "become",
            "turned",
            "updated",
            "renamed",
            "rescheduled",
            "postponed",
            "pushed",
            "delayed",
            "passed",
            "handed",
            "reverted",
            "rolled",
            "converted",
            "transferred",
            "promoted",
            "demoted",
            "retired",
            "sold",
            "swapped",
            "ditched",
            "went",
            "nowadays",
            "currently",
            "finally",
            "actually",
            "correction",
            "corrected",
            "longer",
            "reached",
            "took",
            "takes",
            "replacing",
            "moving",
            "switching",
            "relocated",
            "shifted",
            "changing");
    static final Set<String> NOT_A_CHANGE = Set.of(
            "might",
            "maybe",
            "may",
            "will",
            "would",
            "could",
            "should",
            "plan",
            "plans",
            "planning",
            "thinking",
            "considering",
            "want",
            "wants",
            "hope",
            "hoping",
            "next",
            "someday",
            "sometime",
            "trying",
            "trial",
            "testing",
            "today",
            "tonight",
            "tomorrow",
            "temporarily",
            "temporary",
            "until",
            "covering",
            "trip",
            "visiting",
            "also",
            "too",
            "another",
            "second",
            "extra",
            "additionally",
            "still",
            "again");
    /** An older statement that was a plan, a wish or a temporary state: what comes true or ends replaces nothing. */
    static final Set<String> OLDER_NOT_SETTLED = Set.of(
            "might",
            "maybe",
            "may",
            "will",
            "would",
            "could",
            "plan",
            "plans",
            "planning",
            "thinking",
            "considering",
            "want",
            "wants",
            "hope",
            "hoping",
            "hopefully",
            "likely",
            "offered",
            "talking",
            "selling",
            "trying",
            "week",
            "today",
            "tonight",
            "tomorrow",
            "temporarily",
            "temporary",
            "until",
            "covering",
            "trip",
            "off");

    static final Set<String> ONE_OFF = Set.of("this", "today", "tonight", "tomorrow", "once");
    static final Set<String> RELATIONS = Set.of(
            "sister",
            "brother",
            "son",
            "daughter",
            "wife",
            "husband",
            "partner",
            "mom",
            "mother",
            "dad",
            "father",
            "friend",
            "boss",
            "manager",
            "kid",
            "kids",
            "child",
            "grandma",
            "grandpa",
            "aunt",
            "uncle",
            "cousin",
            "niece",
            "nephew",
            "neighbour",
            "neighbor",
            "colleague",
            "roommate",
            "spouse",
            "mum",
            "parents",
            "in-law");

    static final boolean MEANING = !Boolean.getBoolean("productOnly");
    static double threshold = Double.parseDouble(System.getProperty("cos", "0.55"));
    static double margin = Double.parseDouble(System.getProperty("margin", "0.05"));

    private final dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel model =
            new dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel();
    private final Map<String, float[]> vectors = new HashMap<>();

    public static void main(String[] args) {
        new SupersessionMeaningBench().run(args.length > 0 ? args[0] : "tune");
    }

    void run(String which) {
        List<SupersessionBench.Pair> pairs = SupersessionBench.pairs();
        List<SupersessionBench.Pair> half = pairs.stream()
                .filter(p -> SupersessionBench.half(p.attribute()).equals(which))
                .toList();
        pairs(half, which);
        if (which.equals("tune")) {
            List<SupersessionStreamTuning.Event> events = SupersessionStreamTuning.stream(
                    half.stream().filter(p -> !p.why().isEmpty()).toList(), new java.util.Random(3));
            List<SupersessionBench.StreamFact> facts = events.stream()
                    .map(e -> new SupersessionBench.StreamFact(e.id(), e.content(), List.copyOf(e.supersedes())))
                    .toList();
            stream("tune stream", facts);
            for (String name : List.of("tune-stream-a", "tune-stream-b")) {
                stream(name, SupersessionBench.streamFactsOf(name + ".jsonl"));
            }
        } else {
            for (int i = 1; i <= 3; i++) {
                stream("stream-" + i, SupersessionBench.streamFactsOf("stream-" + i + ".jsonl"));
            }
        }
    }

    private void pairs(List<SupersessionBench.Pair> pairs, String name) {
        int tp = 0, fp = 0, fn = 0, productTp = 0;
        List<String> misses = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        for (SupersessionBench.Pair pair : pairs) {
            double cos = cosine(pair.newer(), pair.older());
            boolean product = StatementFramesProbe.decides(pair.newer(), pair.older());
            boolean decided = product || MEANING && byMeaning(pair.newer(), pair.older(), cos, 0);
            if (decided && pair.supersedes()) {
                tp++;
                productTp += product ? 1 : 0;
            } else if (decided) {
                fp++;
                wrong.add(String.format("%.2f %s || %s", cos, pair.older(), pair.newer()));
            } else if (pair.supersedes()) {
                fn++;
                misses.add(String.format("%.2f %s || %s", cos, pair.older(), pair.newer()));
            }
        }
        System.out.printf(
                "%s pairs: %d; P %.3f (%d/%d) R %.3f (%d/%d), product alone found %d%n",
                name,
                pairs.size(),
                tp / (double) (tp + fp),
                tp,
                tp + fp,
                tp / (double) (tp + fn),
                tp,
                tp + fn,
                productTp);
        if (name.equals("tune") && Boolean.getBoolean("show")) {
            wrong.forEach(w -> System.out.println("  FP " + w));
            misses.forEach(m -> System.out.println("  FN " + m));
        }
    }

    private void stream(String name, List<SupersessionBench.StreamFact> facts) {
        Map<String, SupersessionBench.StreamFact> current = new LinkedHashMap<>();
        Set<String> goldEnded = new HashSet<>();
        int falseHides = 0;
        List<String> hides = new ArrayList<>();
        Set<String> byMeaningIds = new HashSet<>();
        for (SupersessionBench.StreamFact fact : facts) {
            List<SupersessionBench.StreamFact> ended = new ArrayList<>();
            SupersessionBench.StreamFact nearest = null;
            double best = -1, second = -1;
            for (SupersessionBench.StreamFact older : current.values()) {
                if (StatementFramesProbe.decides(fact.content(), older.content())) {
                    ended.add(older);
                }
                double cos = cosine(fact.content(), older.content());
                if (cos > best) {
                    second = best;
                    best = cos;
                    nearest = older;
                } else if (cos > second) {
                    second = cos;
                }
            }
            if (MEANING
                    && nearest != null
                    && !ended.contains(nearest)
                    && byMeaning(fact.content(), nearest.content(), best, Math.max(second, 0))) {
                ended.add(nearest);
                byMeaningIds.add(nearest.id());
            }
            for (SupersessionBench.StreamFact older : ended) {
                current.remove(older.id());
                if (!goldEnded.contains(older.id()) && !fact.supersedes().contains(older.id())) {
                    falseHides++;
                    hides.add((byMeaningIds.contains(older.id()) ? "[meaning] " : "[product] ") + older.content()
                            + " || " + fact.content());
                }
            }
            goldEnded.addAll(fact.supersedes());
            current.put(fact.id(), fact);
        }
        long missed = goldEnded.stream().filter(current::containsKey).count();
        System.out.printf(
                "%s: %d facts, %d updates; stale left current %d, false hides %d (%.1f per 1,000)%n",
                name, facts.size(), goldEnded.size(), missed, falseHides, 1000.0 * falseHides / facts.size());
        if (name.startsWith(System.getProperty("showStream", "tune-stream")) && Boolean.getBoolean("show")) {
            hides.forEach(h -> System.out.println("  HIDE " + h));
        }
    }

    /** The meaning path: a said change, nearest by a margin, no sign that both stay true. */
    static boolean byMeaning(String newer, String older, double cos, double secondBest) {
        if (cos < threshold || cos - secondBest < margin || newer.contains("?")) {
            return false;
        }
        List<String> n = words(newer);
        List<String> o = words(older);
        if (n.stream().noneMatch(CHANGE::contains)
                || n.stream().anyMatch(NOT_A_CHANGE::contains)
                || n.stream().anyMatch(ONE_OFF::contains)
                || o.stream().anyMatch(OLDER_NOT_SETTLED::contains)) {
            return false;
        }
        Set<String> nr = new HashSet<>(n);
        nr.retainAll(RELATIONS);
        Set<String> or = new HashSet<>(o);
        or.retainAll(RELATIONS);
        return nr.isEmpty() == or.isEmpty() && (nr.isEmpty() || !java.util.Collections.disjoint(nr, or));
    }

    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        var m = WORD.matcher(text.toLowerCase(Locale.ROOT));
        while (m.find()) {
            words.add(m.group());
        }
        return words;
    }

    private double cosine(String a, String b) {
        return SupersessionTraining.cosine(vector(a), vector(b));
    }

    private float[] vector(String text) {
        return vectors.computeIfAbsent(text, t -> model.embed(t).content().vector());
    }
}
