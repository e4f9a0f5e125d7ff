package dev.memoria.embedding.control;

import dev.memoria.embedding.entity.Vectors;
import dev.memoria.platform.control.Jsons;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.rest.client.RestClientBuilder;

/**
 * Embeddings from any OpenAI-compatible /v1/embeddings endpoint (OpenAI, vLLM, Ollama, LiteLLM, a TEI server):
 * URL, model, key and dimensions from the server's configuration only.
 */
final class OpenAiCompatEmbeddingModel implements EmbeddingModel, AutoCloseable {

    private final EmbeddingsApi api;
    private final String model;
    private final String authorization;
    private final Integer dimensions;

    OpenAiCompatEmbeddingModel(
            String url, String model, String key, Integer dimensions, long connectTimeoutMs, long readTimeoutMs) {
        this.api = RestClientBuilder.newBuilder()
                .baseUri(URI.create(url.endsWith("/") ? url : url + "/"))
                .connectTimeout(connectTimeoutMs, TimeUnit.MILLISECONDS)
                .readTimeout(readTimeoutMs, TimeUnit.MILLISECONDS)
                .build(EmbeddingsApi.class);
        this.model = model;
        this.authorization = key == null || key.isBlank() ? null : "Bearer " + key;
        this.dimensions = dimensions;
    }

    @Override
    public String id() {
        return "openai-compat:" + model + (dimensions == null ? "" : ":" + dimensions);
    }

    @Override
    public List<float[]> embed(List<String> texts) {
        JsonArrayBuilder input = Jsons.createArrayBuilder();
        texts.forEach(input::add);
        JsonObjectBuilder request =
                Jsons.createObjectBuilder().add("model", model).add("input", input);
        if (dimensions != null) {
            request.add("dimensions", dimensions);
        }
        JsonObject answer;
        try {
            answer = api.embed(authorization, request.build());
        } catch (RuntimeException failed) {
            throw new EmbeddingFailed("The embeddings endpoint failed: " + failed.getMessage(), failed);
        }
        return vectors(answer, texts.size());
    }

    /** The answer's vectors in input order, checked: one per input, all of one length, numbers only. */
    List<float[]> vectors(JsonObject answer, int count) {
        if (!(answer.get("data") instanceof JsonArray data) || data.size() != count) {
            throw new EmbeddingFailed("The embeddings endpoint answered no 'data' list of " + count + " vectors");
        }
        float[][] ordered = new float[count][];
        for (int i = 0; i < count; i++) {
            JsonObject item = data.get(i) instanceof JsonObject object ? object : JsonValue.EMPTY_JSON_OBJECT;
            int index = item.get("index") instanceof JsonNumber n && n.isIntegral() ? n.intValue() : i;
            if (index < 0
                    || index >= count
                    || ordered[index] != null
                    || !(item.get("embedding") instanceof JsonArray embedding)
                    || embedding.isEmpty()) {
                throw new EmbeddingFailed("The embeddings endpoint answered a malformed vector");
            }
            float[] vector = new float[embedding.size()];
            for (int c = 0; c < vector.length; c++) {
                if (!(embedding.get(c) instanceof JsonNumber component)) {
                    throw new EmbeddingFailed("The embeddings endpoint answered a vector with a non-number");
                }
                vector[c] = (float) component.doubleValue();
            }
            if (dimensions != null && vector.length != dimensions) {
                throw new EmbeddingFailed(
                        "The embeddings endpoint answered " + vector.length + " dimensions, not " + dimensions);
            }
            ordered[index] = Vectors.normalized(vector);
        }
        int length = ordered[0].length;
        if (Arrays.stream(ordered).anyMatch(vector -> vector.length != length)) {
            throw new EmbeddingFailed("The embeddings endpoint answered vectors of different lengths");
        }
        return new ArrayList<>(Arrays.asList(ordered));
    }

    @Override
    public void close() throws Exception {
        if (api instanceof AutoCloseable closeable) {
            closeable.close();
        }
    }
}
