package dev.memoria.embedding.control;

import java.util.Locale;

/**
 * The in-process models that resolve from Maven Central, by the name MEMORIA_EMBEDDINGS_LOCAL_MODEL takes. Kept
 * apart from the model classes: naming a model must work even where their jars are missing.
 */
enum LocalModel {
    MINILM("all-minilm-l6-v2-q"),
    BGE("bge-small-en-v1.5-q");

    static final LocalModel DEFAULT = MINILM;

    final String id;

    LocalModel(String id) {
        this.id = id;
    }

    static LocalModel of(String name) {
        String wanted = name.strip().toLowerCase(Locale.ROOT);
        for (LocalModel model : values()) {
            if (model.id.equals(wanted) || model.name().toLowerCase(Locale.ROOT).equals(wanted)) {
                return model;
            }
        }
        throw new EmbeddingFailed("unknown local embedding model '" + name + "'; use " + MINILM.id + " or " + BGE.id);
    }
}
