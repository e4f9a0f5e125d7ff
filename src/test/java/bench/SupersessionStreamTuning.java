package bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * A stream made from the tuning half's pairs only (each pair's older fact, later its newer one, every other pair
 * in between), replayed as remembers: each new fact against every current fact sharing a term with it, as the
 * product's candidates are found. Gives false hides and missed updates per 1,000 facts for thresholds, to choose
 * one without looking at the reported streams.
 */
public final class SupersessionStreamTuning {

    record Event(String id, String content, Set<String> supersedes) {}

    public static void main(String[] args) {
        List<SupersessionBench.Pair> tune = SupersessionBench.pairs().stream()
                .filter(p -> SupersessionBench.half(p.attribute()).equals("tune"))
                .filter(p -> !p.why().isEmpty())
                .toList();
        List<Event> events = stream(tune, new Random(3));
        var model = new dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel();
        Map<String, float[]> vectors = new HashMap<>();
        double[] weights = parse(args[0]);
        for (double threshold : new double[] {0.4, 0.5, 0.6, 0.7, 0.8}) {
            Map<String, Event> current = new LinkedHashMap<>();
            Set<String> goldEnded = new HashSet<>();
            int falseHides = 0;
            boolean nearestOnly = args.length > 1 && args[1].equals("--nearest-only");
            for (Event event : events) {
                Event best = null;
                double bestP = -1;
                for (Event older : List.copyOf(current.values())) {
                    double cos = SupersessionTraining.cosine(
                            vectors.computeIfAbsent(
                                    event.content(),
                                    t -> model.embed(t).content().vector()),
                            vectors.computeIfAbsent(
                                    older.content(),
                                    t -> model.embed(t).content().vector()));
                    if (!SupersessionBench.sharesATerm(event.content(), older.content()) && cos < 0.5) {
                        continue;
                    }
                    double[] all = SupersessionTraining.withMeaning(
                            SupersessionEvidence.features(event.content(), older.content()), cos);
                    double p = SupersessionTraining.probability(weights, all);
                    if (nearestOnly) {
                        if (p > bestP) {
                            bestP = p;
                            best = older;
                        }
                    } else if (p >= threshold) {
                        current.remove(older.id());
                        if (!goldEnded.contains(older.id())
                                && !event.supersedes().contains(older.id())) {
                            falseHides++;
                        }
                    }
                }
                if (nearestOnly && best != null && bestP >= threshold) {
                    current.remove(best.id());
                    if (!goldEnded.contains(best.id()) && !event.supersedes().contains(best.id())) {
                        falseHides++;
                    }
                }
                goldEnded.addAll(event.supersedes());
                current.put(event.id(), event);
            }
            long missed = goldEnded.stream().filter(current::containsKey).count();
            System.out.printf(
                    "threshold %.2f: %d facts, %d updates; missed %d (%.1f per 1,000), false hides %d (%.1f per 1,000)%n",
                    threshold,
                    events.size(),
                    goldEnded.size(),
                    missed,
                    1000.0 * missed / events.size(),
                    falseHides,
                    1000.0 * falseHides / events.size());
        }
    }

    /** The pair an event of {@link #stream} came from, with the same random order. */
    static SupersessionBench.Pair pairOf(List<SupersessionBench.Pair> pairs, String eventId) {
        List<SupersessionBench.Pair> shuffled = new ArrayList<>(pairs);
        Collections.shuffle(shuffled, new Random(3));
        return shuffled.get(Integer.parseInt(eventId.substring(1)));
    }

    static List<Event> stream(List<SupersessionBench.Pair> pairs, Random random) {
        List<SupersessionBench.Pair> shuffled = new ArrayList<>(pairs);
        Collections.shuffle(shuffled, random);
        List<Event> events = new ArrayList<>();
        Map<Integer, Integer> olderAt = new HashMap<>();
        List<int[]> slots = new ArrayList<>();
        for (int i = 0; i < shuffled.size(); i++) {
            slots.add(new int[] {i, 0});
            slots.add(new int[] {i, 1});
        }
        Collections.shuffle(slots, random);
        // an older fact comes before its newer one: swap the two when shuffled the other way
        Map<Integer, Integer> firstSeen = new HashMap<>();
        for (int[] slot : slots) {
            if (!firstSeen.containsKey(slot[0])) {
                firstSeen.put(slot[0], 0);
                slot[1] = 0;
            } else {
                slot[1] = 1;
            }
        }
        for (int[] slot : slots) {
            SupersessionBench.Pair pair = shuffled.get(slot[0]);
            if (slot[1] == 0) {
                olderAt.put(slot[0], events.size());
                events.add(new Event("o" + slot[0], pair.older(), Set.of()));
            } else {
                events.add(
                        new Event("n" + slot[0], pair.newer(), pair.supersedes() ? Set.of("o" + slot[0]) : Set.of()));
            }
        }
        return events;
    }

    static double[] parse(String weights) {
        String[] parts = weights.replace("{", "").replace("}", "").split(",");
        double[] w = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            w[i] = Double.parseDouble(parts[i].strip());
        }
        return w;
    }
}
