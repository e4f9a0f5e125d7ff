package dev.memoria.embedding.control;

import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantEntityManager;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** What /stats and the stats tool say of a scope's vectors: embedded facts and the backlog (0 when embeddings are off). */
@ApplicationScoped
public class EmbeddingCounts {

    @Inject
    TenantEntityManager db;

    @Inject
    Embeddings embeddings;

    @Inject
    EmbeddingBacklog backlog;

    public EmbeddingBacklog.Counts of(Scope scope) {
        if (!embeddings.enabled()) {
            return new EmbeddingBacklog.Counts(0, 0);
        }
        return new EmbeddingBacklog.Counts(
                backlog.embedded(db.tenantId(), scope.value(), embeddings.modelId()),
                backlog.waiting(db.tenantId(), scope.value(), embeddings.modelId()));
    }
}
