package bench;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.memoria.embedding.entity.Vectors;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import java.util.Random;

/**
 * Where the semantic share of a hybrid recall goes, outside the server: the question's embedding (the model as the
 * server runs it, on the caller's thread) and the exact scan of a scope's quantized vectors with its top-k heap.
 * Timings, not assertions: run on a quiet machine, {@code ./mvnw -q test-compile exec:java
 * -Dexec.mainClass=bench.RecallCostBench -Dexec.classpathScope=test}; the scan uses SIMD, as the server does, only
 * with {@code MAVEN_OPTS=--add-modules=jdk.incubator.vector}.
 */
public final class RecallCostBench {

    public static void main(String[] args) {
        List<String> questions = new ArrayList<>();
        ConversationDevSet.readQuestions().forEach(q -> questions.add(q.text()));
        var model = new AllMiniLmL6V2QuantizedEmbeddingModel(Runnable::run);
        for (int i = 0; i < 100; i++) {
            model.embed(TextSegment.from(questions.get(i)));
        }
        double[] embed = new double[400];
        for (int i = 0; i < embed.length; i++) {
            long t = System.nanoTime();
            model.embed(TextSegment.from(questions.get(100 + i)));
            embed[i] = (System.nanoTime() - t) / 1e6;
        }
        report("question embedding (MiniLM-q, caller's thread)", embed);

        Random random = new Random(1);
        for (int n : new int[] {10_000, 100_000}) {
            byte[] data = new byte[n * 384];
            for (int i = 0; i < n; i++) {
                float[] v = new float[384];
                for (int j = 0; j < v.length; j++) {
                    v[j] = (float) random.nextGaussian();
                }
                Vectors.quantize(Vectors.normalized(v), data, i * 384);
            }
            byte[] query = Arrays.copyOfRange(data, 0, 384);
            for (int w = 0; w < 20; w++) {
                scan(query, data, n, 62);
            }
            double[] scans = new double[n == 10_000 ? 200 : 40];
            for (int i = 0; i < scans.length; i++) {
                long t = System.nanoTime();
                scan(query, data, n, 62);
                scans[i] = (System.nanoTime() - t) / 1e6;
            }
            report("scan of " + n + " x 384 int8 + top-62 heap (Vectors.cosine)", scans);
        }
    }

    static float scan(byte[] query, byte[] data, int n, int k) {
        PriorityQueue<Float> best = new PriorityQueue<>(k + 1);
        for (int i = 0; i < n; i++) {
            float c = Vectors.cosine(query, data, i * 384);
            if (best.size() < k) {
                best.add(c);
            } else if (c > best.peek()) {
                best.poll();
                best.add(c);
            }
        }
        return best.peek();
    }

    static void report(String what, double[] ms) {
        double[] sorted = ms.clone();
        Arrays.sort(sorted);
        System.out.printf(
                Locale.ROOT,
                "%s: p50 %.2f ms, p95 %.2f ms (%d runs)%n",
                what,
                sorted[sorted.length / 2],
                sorted[(int) (sorted.length * 0.95)],
                sorted.length);
    }

    private RecallCostBench() {}
}
