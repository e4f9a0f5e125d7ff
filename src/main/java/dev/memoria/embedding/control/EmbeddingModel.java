package dev.memoria.embedding.control;

import java.util.List;

/** Something that turns texts into unit vectors; the id tags every vector it made. */
public interface EmbeddingModel {

    /** Stored with each vector: recall compares only vectors of the model that embeds its query. */
    String id();

    /** One unit vector per text, in order; throws {@link EmbeddingFailed} when it cannot. */
    List<float[]> embed(List<String> texts);
}
