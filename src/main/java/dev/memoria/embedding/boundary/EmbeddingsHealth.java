package dev.memoria.embedding.boundary;

import dev.memoria.embedding.control.EmbeddingCounts;
import dev.memoria.embedding.control.EmbeddingWorker;
import dev.memoria.embedding.control.Embeddings;
import dev.memoria.embedding.control.VectorIndex;
import dev.memoria.embedding.entity.DotProduct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/**
 * The embedding provider and model of this server, whether the model is ready, and the cluster's backlog (facts
 * of every server's tenants still waiting for a vector). Always UP: while embeddings cannot run, recall is by
 * keyword and the status says why.
 */
@Liveness
@ApplicationScoped
public class EmbeddingsHealth implements HealthCheck {

    @Inject
    Embeddings embeddings;

    @Inject
    EmbeddingCounts counts;

    @Inject
    EmbeddingWorker worker;

    @Inject
    VectorIndex index;

    @Override
    public HealthCheckResponse call() {
        long[] cached = index.cached();
        return HealthCheckResponse.named("embeddings")
                .up()
                .withData("provider", embeddings.provider().wireName())
                .withData("model", embeddings.modelId())
                .withData("status", embeddings.status())
                .withData("backlog", embeddings.enabled() ? counts.waiting(embeddings.modelId()) : 0)
                .withData("embedded_here", worker.embedded())
                .withData("longest_claim_ms", worker.longestClaimMillis())
                .withData("cached_scopes", cached[1])
                .withData("cached_mib", cached[0] / (1024 * 1024))
                .withData("vector_scan", DotProduct.best().description())
                .build();
    }
}
