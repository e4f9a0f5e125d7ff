package dev.memoria.embedding.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EmbeddingWorkerTest {

    /** A model that refuses the texts it is told to, and counts its calls. */
    private static final class Refusing implements EmbeddingModel {
        private final List<String> refused;
        private final List<Integer> calls = new ArrayList<>();

        Refusing(String... refused) {
            this.refused = List.of(refused);
        }

        @Override
        public String id() {
            return "refusing";
        }

        @Override
        public List<float[]> embed(List<String> texts) {
            calls.add(texts.size());
            if (texts.stream().anyMatch(refused::contains)) {
                throw new EmbeddingFailed("refused", null);
            }
            return texts.stream().map(text -> new float[] {text.length()}).toList();
        }
    }

    private static List<EmbeddingBacklog.Text> texts(String... texts) {
        List<EmbeddingBacklog.Text> list = new ArrayList<>();
        for (String text : texts) {
            list.add(new EmbeddingBacklog.Text(
                    new EmbeddingBacklog.Claim("t", text, "refusing", "s", new Timestamp(0)), text, "h"));
        }
        return list;
    }

    @Test
    void aBatchTheModelTakesIsEmbeddedInOneCall() {
        Refusing model = new Refusing();
        List<float[]> vectors = EmbeddingWorker.embed(model, texts("a", "bb", "ccc"));
        assertEquals(List.of(3), model.calls);
        assertArrayEquals(new float[] {2}, vectors.get(1));
    }

    @Test
    void oneRefusedTextLosesOnlyItsOwnVector() {
        Refusing model = new Refusing("bb");
        List<float[]> vectors = EmbeddingWorker.embed(model, texts("a", "bb", "ccc"));
        assertArrayEquals(new float[] {1}, vectors.get(0));
        assertNull(vectors.get(1));
        assertArrayEquals(new float[] {3}, vectors.get(2));
        assertEquals(List.of(3, 1, 1, 1), model.calls, "the batch, then each text alone");
    }

    @Test
    void aRefusedFirstTextDoesNotStopTheOthers() {
        List<float[]> vectors = EmbeddingWorker.embed(new Refusing("a"), texts("a", "bb", "ccc"));
        assertNull(vectors.get(0));
        assertArrayEquals(new float[] {3}, vectors.get(2));
    }

    @Test
    void aModelThatFailsTwiceInARowIsDownAndTheBatchWaits() {
        Refusing model = new Refusing("a", "bb", "ccc", "dddd");
        assertThrows(EmbeddingFailed.class, () -> EmbeddingWorker.embed(model, texts("a", "bb", "ccc", "dddd")));
        assertEquals(List.of(4, 1, 1), model.calls, "it stops after the first two texts alone");
    }
}
