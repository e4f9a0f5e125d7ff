package dev.memoria.langchain4j;

import dev.langchain4j.rag.DefaultRetrievalAugmentor;
import dev.langchain4j.rag.RetrievalAugmentor;
import dev.memoria.client.Learned;
import dev.memoria.client.MemoriaClient;
import dev.memoria.client.RecallMode;
import java.util.Objects;
import java.util.function.Function;

/**
 * Memoria for a LangChain4j agent, from one place: the long-term facts it recalls ({@link #contentRetriever()},
 * {@link #retrievalAugmentor()}), the chat windows it keeps ({@link #chatMemoryStore()}) and what it learns when a
 * session ends ({@link #learner()}, {@link #learn(Object)}), all for one function from a chat memory id to a scope.
 *
 * <pre>{@code
 * MemoriaMemory memory = MemoriaMemory.builder(client)
 *         .scope(userId -> "user:" + userId)
 *         .maxResults(5)
 *         .build();
 * Assistant assistant = AiServices.builder(Assistant.class)
 *         .chatModel(model)
 *         .retrievalAugmentor(memory.retrievalAugmentor())
 *         .storeRetrievedContentInChatMemory(false) // the window keeps what the user said, not what was recalled
 *         .chatMemoryProvider(userId -> MessageWindowChatMemory.builder()
 *                 .id(userId)
 *                 .maxMessages(20)
 *                 .chatMemoryStore(memory.chatMemoryStore())
 *                 .build())
 *         .build();
 * ...
 * memory.learn("42"); // the session is over
 * }</pre>
 *
 * <p>A recalled fact is data for the turn it was recalled in, and goes nowhere else: the model sees it in that turn's
 * user message only; the chat window keeps the user's message as written ({@code storeRetrievedContentInChatMemory(
 * false)}; the store also takes out any {@code <memory>} block an {@code AiServices} left in, so the window stays
 * clean whatever the configuration); and the learner sends {@code learn} the user's turns and the model's replies,
 * without memory blocks, system prompts or tool output. So a fact superseded or deleted on the server stops reaching
 * the model from the next turn, and nothing recalled is learned back as if the user had said it.
 */
public final class MemoriaMemory {

    private final MemoriaClient client;
    private final Function<Object, String> scope;
    private final MemoriaContentRetriever retriever;
    private final MemoriaChatMemoryStore store;
    private final MemoriaLearner learner;

    private MemoriaMemory(Builder b) {
        this.client = b.client;
        this.scope = Objects.requireNonNull(b.scope, "scope");
        this.retriever = b.retriever.scope(scope).build();
        this.store = new MemoriaChatMemoryStore(client, scope);
        this.learner = new MemoriaLearner(client, scope, b.learnProvider, MemoriaLearner.CONVERSATION);
    }

    public static Builder builder(MemoriaClient client) {
        return new Builder(Objects.requireNonNull(client, "client"));
    }

    /** Recalls from the scope of the query's chat memory id. */
    public MemoriaContentRetriever contentRetriever() {
        return retriever;
    }

    /**
     * A new {@link DefaultRetrievalAugmentor} over {@link #contentRetriever()}, with LangChain4j's default content
     * injector: the recalled facts go after the user's message, in a {@code <memory>} block.
     */
    public RetrievalAugmentor retrievalAugmentor() {
        return DefaultRetrievalAugmentor.builder().contentRetriever(retriever).build();
    }

    /** Keeps each chat memory's window in its scope, without the memory blocks injected into it. */
    public MemoriaChatMemoryStore chatMemoryStore() {
        return store;
    }

    /** Learns the user's turns and the model's replies, without memory blocks, into the memory id's scope. */
    public MemoriaLearner learner() {
        return learner;
    }

    /** Learns the window {@link #chatMemoryStore()} keeps for this memory id; nothing to learn is no request. */
    public Learned learn(Object memoryId) {
        return learner.learn(memoryId, store.getMessages(memoryId));
    }

    /** The scope a chat memory id maps to. */
    public String scopeOf(Object memoryId) {
        return scope.apply(memoryId);
    }

    /** Configures a {@link MemoriaMemory}. */
    public static final class Builder {
        private final MemoriaClient client;
        private final MemoriaContentRetriever.Builder retriever;
        private Function<Object, String> scope;
        private String learnProvider;

        private Builder(MemoriaClient client) {
            this.client = client;
            this.retriever = MemoriaContentRetriever.builder(client);
        }

        /**
         * Maps a chat memory id (null when the AI service has no {@code @MemoryId}) to its scope: the scope facts are
         * recalled from and learned into, and the window is kept in. Required.
         */
        public Builder scope(Function<Object, String> scope) {
            this.scope = Objects.requireNonNull(scope, "scope");
            return this;
        }

        /** One scope for every conversation. */
        public Builder scope(String scope) {
            Objects.requireNonNull(scope, "scope");
            this.scope = memoryId -> scope;
            return this;
        }

        /** Facts recalled a turn: 1–100, default 5. */
        public Builder maxResults(int maxResults) {
            retriever.maxResults(maxResults);
            return this;
        }

        /** Default: the server's ({@code hybrid}). */
        public Builder mode(RecallMode mode) {
            retriever.mode(mode);
            return this;
        }

        /** Recalls facts of this category only. */
        public Builder category(String category) {
            retriever.category(category);
            return this;
        }

        /** Leaves out facts scored below this (0–1); default 0. */
        public Builder minScore(double minScore) {
            retriever.minScore(minScore);
            return this;
        }

        /**
         * The server's provider {@code learn} uses: {@code rules} (default), {@code openai}, {@code openai-compat},
         * {@code anthropic}.
         */
        public Builder learnProvider(String provider) {
            this.learnProvider = provider;
            return this;
        }

        public MemoriaMemory build() {
            return new MemoriaMemory(this);
        }
    }
}
