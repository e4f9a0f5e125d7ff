package dev.memoria.embedding.control;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.memoria.platform.control.Sha256;
import dev.memoria.scope.entity.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Recall's side of meaning: the query's vector (kept a while, as agents ask again) scored against the scope's
 * vectors of the same model. Empty when meaning cannot take part: embeddings off or still loading, the
 * tenant's semantic_recall off, or no fact of the scope embedded yet.
 */
@ApplicationScoped
public class SemanticSearch {

    /** Below this cosine a fact is no candidate by meaning: unrelated sentences, not a weak paraphrase. */
    public static final float MIN_COSINE = 0.1f;

    @Inject
    Embeddings embeddings;

    @Inject
    VectorIndex index;

    private final Cache<String, float[]> queries = Caffeine.newBuilder()
            .maximumSize(10_000)
            .expireAfterAccess(Duration.ofMinutes(10))
            .build();

    public Optional<VectorIndex.Scores> scores(Scope scope, String query) {
        Optional<EmbeddingModel> model = embeddings.model();
        VectorIndex.Lookup lookup = model.isPresent() ? index.lookup(scope.value()) : null;
        if (lookup == null || !lookup.searchable()) {
            return Optional.empty();
        }
        float[] vector;
        // keyed by a digest: no question's text stays in memory, as an erasure must reach every copy
        String key = Sha256.hex(model.get().id() + "\n" + query);
        try {
            vector = queries.getIfPresent(key);
            if (vector == null) { // embedded outside the cache's lock: the model may take a while
                vector = model.get().embed(List.of(query)).get(0);
                queries.put(key, vector);
            }
        } catch (EmbeddingFailed unavailable) {
            return Optional.empty(); // recall goes on by keyword, and its answer says so
        }
        VectorIndex.Scores scores = index.scores(lookup, model.get().id(), vector);
        return scores.size() == 0 ? Optional.empty() : Optional.of(scores);
    }
}
