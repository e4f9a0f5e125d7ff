package dev.memoria.embedding.control;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import dev.memoria.embedding.entity.Vectors;
import java.util.ArrayList;
import java.util.List;

/**
 * A sentence embedding model run in the server process by ONNX Runtime: LangChain4j's own model class, from its
 * jar in the server's global shared library. There its native libraries and the model itself are loaded once per
 * server, in a static initializer of the library's class: a redeployment of the WAR finds them loaded, and nothing
 * of them is freed while an embed of an application being stopped still runs. Each batch runs on the caller's
 * thread (one inference at a time), so the embedding worker leaves the other core to requests.
 */
final class LocalEmbeddingModel implements EmbeddingModel {

    private final LocalModel model;
    private final dev.langchain4j.model.embedding.EmbeddingModel encoder;

    private LocalEmbeddingModel(LocalModel model, dev.langchain4j.model.embedding.EmbeddingModel encoder) {
        this.model = model;
        this.encoder = encoder;
    }

    static LocalEmbeddingModel load(LocalModel model) {
        try {
            return new LocalEmbeddingModel(
                    model,
                    switch (model) {
                        case MINILM -> new AllMiniLmL6V2QuantizedEmbeddingModel(Runnable::run);
                        case BGE -> new BgeSmallEnV15QuantizedEmbeddingModel(Runnable::run);
                    });
        } catch (RuntimeException | LinkageError failed) { // a failed static initializer stays failed until a restart
            throw new EmbeddingFailed("the embedding model " + model.id + " failed to load: " + failed, failed);
        }
    }

    @Override
    public String id() {
        return model.id;
    }

    @Override
    public List<float[]> embed(List<String> texts) {
        List<Embedding> embeddings;
        try {
            embeddings = encoder.embedAll(texts.stream().map(TextSegment::from).toList())
                    .content();
        } catch (RuntimeException failed) {
            throw new EmbeddingFailed("the embedding model failed: " + failed.getMessage(), failed);
        }
        List<float[]> vectors = new ArrayList<>(embeddings.size());
        embeddings.forEach(embedding -> vectors.add(Vectors.normalized(embedding.vector())));
        return vectors;
    }
}
