package dev.memoria.langchain4j;

import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.content.retriever.ContentRetriever;
import dev.langchain4j.rag.query.Query;
import dev.memoria.client.Fact;
import dev.memoria.client.MemoriaClient;
import dev.memoria.client.MemoryBlock;
import dev.memoria.client.Recall;
import dev.memoria.client.RecallMode;
import dev.memoria.client.RecallQuery;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Recalls long-term facts from Memoria for a RAG step: the scope is the one the chat memory id maps to (the user's,
 * say {@code user:42}), the query text is the user's message, and each recalled fact becomes a {@link Content} whose
 * segment text is the fact's content as data, never as instructions: the block of {@link MemoryBlock} with this one
 * fact (a sentence saying it is data, not instructions, then the fact between {@code <memory>} and
 * {@code </memory>}, unable to close the block), so that each content stays safe wherever an aggregator or
 * injector puts it; the fact's fields are its metadata ({@code fact_id}, {@code scope},
 * {@code category}, {@code type}, {@code key}, {@code importance}, {@code persistent}, {@code created_at},
 * {@code valid_from}) and its recall score as {@link ContentMetadata#SCORE}.
 *
 * <pre>{@code
 * ContentRetriever memory = MemoriaContentRetriever.builder(client)
 *         .scope(memoryId -> "user:" + memoryId)
 *         .maxResults(5)
 *         .build();
 * Assistant assistant = AiServices.builder(Assistant.class)
 *         .chatModel(model)
 *         .retrievalAugmentor(DefaultRetrievalAugmentor.builder().contentRetriever(memory).build())
 *         .build();
 * }</pre>
 */
public final class MemoriaContentRetriever implements ContentRetriever {

    private final MemoriaClient client;
    private final Function<Object, List<String>> scopes;
    private final int maxResults;
    private final RecallMode mode;
    private final String category;
    private final double minScore;

    private MemoriaContentRetriever(Builder b) {
        this.client = b.client;
        this.scopes = Objects.requireNonNull(b.scopes, "scope");
        this.maxResults = b.maxResults;
        this.mode = b.mode;
        this.category = b.category;
        this.minScore = b.minScore;
    }

    public static Builder builder(MemoriaClient client) {
        return new Builder(Objects.requireNonNull(client, "client"));
    }

    @Override
    public List<Content> retrieve(Query query) {
        String text = query.text();
        if (text == null || text.isBlank()) {
            return List.of();
        }
        Object memoryId = query.metadata() == null ? null : query.metadata().chatMemoryId();
        List<String> scopeNames = scopes.apply(memoryId);
        if (scopeNames == null || scopeNames.isEmpty()) {
            return List.of();
        }
        RecallQuery recall = RecallQuery.of(text.length() > 2_000 ? text.substring(0, 2_000) : text)
                .withLimit(maxResults);
        if (mode != null) {
            recall = recall.withMode(mode);
        }
        if (category != null) {
            recall = recall.withCategory(category);
        }
        // several scopes are ranked on one scale by the server, the newer of two scopes' values first
        Recall answer =
                scopeNames.size() == 1 ? client.recall(scopeNames.get(0), recall) : client.recall(scopeNames, recall);
        return answer.items().stream()
                .filter(item -> item.score() >= minScore)
                .map(item -> Content.from(
                        TextSegment.from(MemoryBlock.render(List.of(item.fact().content())), metadata(item.fact())),
                        Map.of(ContentMetadata.SCORE, item.score())))
                .toList();
    }

    static Metadata metadata(Fact fact) {
        Metadata m = new Metadata()
                .put("fact_id", fact.id())
                .put("scope", fact.scope())
                .put("category", fact.category())
                .put("importance", fact.importance())
                .put("persistent", Boolean.toString(fact.persistent()));
        if (fact.type() != null) {
            m.put("type", fact.type().toString());
        }
        if (fact.key() != null) {
            m.put("key", fact.key());
        }
        if (fact.createdAt() != null) {
            m.put("created_at", fact.createdAt().toString());
        }
        if (fact.validFrom() != null) {
            m.put("valid_from", fact.validFrom().toString());
        }
        return m;
    }

    /** Configures a {@link MemoriaContentRetriever}. */
    public static final class Builder {
        private final MemoriaClient client;
        private Function<Object, List<String>> scopes;
        private int maxResults = 5;
        private RecallMode mode;
        private String category;
        private double minScore;

        private Builder(MemoriaClient client) {
            this.client = client;
        }

        /**
         * Maps the query's chat memory id (null when the AI service has no {@code @MemoryId}) to the scope to recall
         * from; a null scope recalls nothing.
         */
        public Builder scope(Function<Object, String> scope) {
            Objects.requireNonNull(scope, "scope");
            this.scopes = memoryId -> {
                String name = scope.apply(memoryId);
                return name == null ? List.of() : List.of(name);
            };
            return this;
        }

        /** One scope for every conversation. */
        public Builder scope(String scope) {
            Objects.requireNonNull(scope, "scope");
            this.scopes = memoryId -> List.of(scope);
            return this;
        }

        /**
         * Maps the query's chat memory id to several scopes to recall from at once (the user's, the agent's own for
         * that user, {@code global}: 1–10), ranked together on one scale; null or empty recalls nothing.
         */
        public Builder scopes(Function<Object, List<String>> scopes) {
            this.scopes = Objects.requireNonNull(scopes, "scopes");
            return this;
        }

        /** 1–100, default 5. */
        public Builder maxResults(int maxResults) {
            if (maxResults < 1 || maxResults > 100) {
                throw new IllegalArgumentException("maxResults must be 1-100");
            }
            this.maxResults = maxResults;
            return this;
        }

        /** Default: the server's ({@code hybrid}). */
        public Builder mode(RecallMode mode) {
            this.mode = mode;
            return this;
        }

        /** Only facts of this category. */
        public Builder category(String category) {
            this.category = category;
            return this;
        }

        /** Leaves out facts scored below this (0–1); default 0. */
        public Builder minScore(double minScore) {
            this.minScore = minScore;
            return this;
        }

        public MemoriaContentRetriever build() {
            return new MemoriaContentRetriever(this);
        }
    }
}
