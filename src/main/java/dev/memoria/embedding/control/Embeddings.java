package dev.memoria.embedding.control;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Locale;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Which model embeds on this server (MEMORIA_EMBEDDINGS: local, the default, in the server process from a model
 * shipped as a Maven artifact; openai-compat, any /v1/embeddings endpoint; off) and whether it is ready. The
 * local model is loaded by the embedding worker's first run, not at start-up: until it is, recall is by keyword.
 */
@ApplicationScoped
public class Embeddings {

    private static final Logger LOG = Logger.getLogger(Embeddings.class.getName());

    public enum Provider {
        LOCAL,
        OPENAI_COMPAT,
        OFF;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    @Inject
    @ConfigProperty(name = "memoria.embeddings", defaultValue = "local")
    String providerName;

    @Inject
    @ConfigProperty(name = "memoria.embeddings.local.model", defaultValue = "all-minilm-l6-v2-q")
    String localModel;

    @Inject
    @ConfigProperty(name = "memoria.embeddings.openai-compat.url")
    Optional<String> compatUrl;

    @Inject
    @ConfigProperty(name = "memoria.embeddings.openai-compat.model", defaultValue = "text-embedding-3-small")
    String compatModel;

    @Inject
    @ConfigProperty(name = "memoria.embeddings.openai-compat.key")
    Optional<String> compatKey;

    @Inject
    @ConfigProperty(name = "memoria.embeddings.openai-compat.dimensions")
    Optional<Integer> compatDimensions;

    @Inject
    @ConfigProperty(name = "memoria.embeddings.timeout.ms", defaultValue = "30000")
    long timeoutMs;

    private volatile EmbeddingModel model;
    private volatile String problem;

    public Provider provider() {
        return switch (providerName.strip().toLowerCase(Locale.ROOT)) {
            case "off", "none", "false" -> Provider.OFF;
            case "openai-compat" -> Provider.OPENAI_COMPAT;
            default -> Provider.LOCAL;
        };
    }

    /** Whether facts are embedded on this server at all (their model may still be loading). */
    public boolean enabled() {
        return provider() != Provider.OFF;
    }

    /** The model, once it is ready. */
    public Optional<EmbeddingModel> model() {
        return Optional.ofNullable(model);
    }

    /** The id vectors of this server's model are tagged with, known before the model is loaded. */
    public String modelId() {
        return switch (provider()) {
            case OFF -> "off";
            case LOCAL -> localModelId();
            case OPENAI_COMPAT ->
                "openai-compat:" + compatModel
                        + compatDimensions.map(d -> ":" + d).orElse("");
        };
    }

    private String localModelId() {
        try {
            return LocalModel.of(localModel).id;
        } catch (EmbeddingFailed unknown) { // the worker's load reports it; counts go on with the name as given
            return localModel;
        }
    }

    /** "ready", "loading", "off", or why the model cannot be used. */
    public String status() {
        if (!enabled()) {
            return "off";
        }
        return model != null ? "ready" : problem != null ? "failed: " + problem : "loading";
    }

    /** Loads the model if it is not loaded yet (the worker calls this on its own thread); false while it cannot. */
    public synchronized boolean ensureLoaded() {
        if (model != null || !enabled()) {
            return model != null;
        }
        if (problem != null) {
            return false; // a model that failed to load is not tried on every tick; health says why
        }
        try {
            model = switch (provider()) {
                case LOCAL -> LocalEmbeddingModel.load(LocalModel.of(localModel));
                case OPENAI_COMPAT ->
                    new OpenAiCompatEmbeddingModel(
                            compatUrl
                                    .filter(url -> !url.isBlank())
                                    .orElseThrow(() -> new EmbeddingFailed("set MEMORIA_EMBEDDINGS_OPENAI_COMPAT_URL")),
                            compatModel,
                            compatKey.orElse(null),
                            compatDimensions.orElse(null),
                            Math.min(timeoutMs, 10_000),
                            timeoutMs);
                case OFF -> null;
            };
            LOG.info(() -> "Embeddings: " + provider().wireName() + " model " + model.id() + " ready");
        } catch (RuntimeException | LinkageError failed) {
            problem = failed.getMessage() == null ? failed.getClass().getSimpleName() : failed.getMessage();
            LOG.log(
                    Level.SEVERE,
                    "Embeddings: the " + provider().wireName() + " model cannot be used; recall stays by keyword",
                    failed);
        }
        return model != null;
    }

    @PreDestroy
    void close() {
        if (model instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception ignored) {
                // shutting down
            }
        }
    }
}
