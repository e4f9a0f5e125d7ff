package dev.memoria.embedding.control;

/** An embedding could not be made now (the model failed, the endpoint is away): the facts wait and are tried again. */
public class EmbeddingFailed extends RuntimeException {

    public EmbeddingFailed(String message, Throwable cause) {
        super(message, cause);
    }

    public EmbeddingFailed(String message) {
        super(message);
    }
}
