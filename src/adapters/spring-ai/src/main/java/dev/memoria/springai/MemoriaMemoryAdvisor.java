package dev.memoria.springai;

import dev.memoria.client.Fact;
import dev.memoria.client.MemoriaClient;
import dev.memoria.client.MemoryBlock;
import dev.memoria.client.Recall;
import dev.memoria.client.RecallQuery;
import dev.memoria.client.Turn;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.AdvisorChain;
import org.springframework.ai.chat.client.advisor.api.BaseAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.Generation;
import org.springframework.core.Ordered;
import org.springframework.core.log.LogAccessor;

/**
 * Long-term memory for a {@code ChatClient}: before the call, recalls from Memoria the facts relevant to the user's
 * message (in the scope the conversation id maps to) and adds them to the system message, after {@link #HEADER}, as
 * the data block of {@link MemoryBlock} (a sentence saying they are data, not instructions, then one fact a line
 * between {@code <memory>} and {@code </memory>}, no fact able to close the block); after it, hands the
 * exchange (the user's message and the answer) to {@code POST /learn}, so what the user said is remembered for the
 * next conversation.
 *
 * <pre>{@code
 * ChatClient chat = ChatClient.builder(chatModel).defaultAdvisors(memoriaMemoryAdvisor).build();
 * chat.prompt().user("What is my dog called?")
 *         .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, "user:42"))
 *         .call().content();
 * }</pre>
 *
 * <p>Memoria unreachable or refusing never fails the chat: a failed recall adds nothing, a failed learn is logged
 * (both as warnings, through commons-logging, Spring's own logging). A request without a conversation id is refused
 * ({@link IllegalArgumentException}), as Spring AI's {@code MessageChatMemoryAdvisor} refuses it.
 */
public final class MemoriaMemoryAdvisor implements BaseAdvisor {

    /** The header of the block of recalled facts in the system message. */
    public static final String HEADER =
            "Long-term memory about the user (facts remembered from earlier conversations):";

    private static final LogAccessor LOG = new LogAccessor(MemoriaMemoryAdvisor.class);

    private final MemoriaClient client;
    private final MemoriaScopeResolver scopes;
    private final int recallLimit;
    private final boolean learn;
    private final Executor learnExecutor;
    private final int order;

    private MemoriaMemoryAdvisor(Builder b) {
        this.client = b.client;
        this.scopes = b.scopes;
        this.recallLimit = b.recallLimit;
        this.learn = b.learn;
        this.learnExecutor = b.learnExecutor;
        this.order = b.order;
    }

    public static Builder builder(MemoriaClient client) {
        return new Builder(Objects.requireNonNull(client, "client"));
    }

    @Override
    public ChatClientRequest before(ChatClientRequest request, AdvisorChain chain) {
        String question = userText(request);
        if (question == null || question.isBlank()) {
            return request;
        }
        String scope = scope(request.context().get(ChatMemory.CONVERSATION_ID));
        Recall recall;
        try {
            recall = client.recall(
                    scope,
                    RecallQuery.of(question.length() > 2_000 ? question.substring(0, 2_000) : question)
                            .withLimit(recallLimit));
        } catch (RuntimeException e) {
            LOG.warn(
                    e,
                    () -> "Memoria recall failed for scope " + scope + ", the prompt goes without long-term memory: "
                            + e.getMessage());
            return request;
        }
        if (recall.items().isEmpty()) {
            return request;
        }
        String block = HEADER + "\n"
                + MemoryBlock.render(recall.facts().stream().map(Fact::content).toList());
        return request.mutate()
                .prompt(request.prompt()
                        .augmentSystemMessage(system -> new SystemMessage(
                                system.getText() == null || system.getText().isBlank()
                                        ? block
                                        : system.getText() + "\n\n" + block)))
                .build();
    }

    @Override
    public ChatClientResponse after(ChatClientResponse response, AdvisorChain chain) {
        if (!learn) {
            return response;
        }
        List<Turn> turns = new ArrayList<>();
        Object question = response.context().get(QUESTION);
        if (question instanceof String q && !q.isBlank()) {
            turns.add(Turn.user(q));
        }
        if (response.chatResponse() != null) {
            for (Generation g : response.chatResponse().getResults()) {
                String text = g.getOutput().getText();
                if (text != null && !text.isBlank()) {
                    turns.add(Turn.assistant(text));
                }
            }
        }
        if (turns.stream().noneMatch(t -> t.role().equals("user"))) {
            return response;
        }
        String scope = scope(response.context().get(ChatMemory.CONVERSATION_ID));
        Runnable learning = () -> {
            try {
                client.learn(scope, turns);
            } catch (RuntimeException e) {
                LOG.warn(
                        e,
                        () -> "Memoria learn failed for scope " + scope + ", the exchange is not learned: "
                                + e.getMessage());
            }
        };
        if (learnExecutor == null) {
            learning.run();
        } else {
            learnExecutor.execute(learning);
        }
        return response;
    }

    /** The key under which {@link #adviseCall} keeps the user's words for {@link #after}. */
    static final String QUESTION = MemoriaMemoryAdvisor.class.getName() + ".question";

    @Override
    public ChatClientResponse adviseCall(
            ChatClientRequest request, org.springframework.ai.chat.client.advisor.api.CallAdvisorChain chain) {
        String question = userText(request);
        ChatClientResponse response = chain.nextCall(before(request, chain));
        return after(withQuestion(response, question), chain);
    }

    @Override
    public reactor.core.publisher.Flux<ChatClientResponse> adviseStream(
            ChatClientRequest request, org.springframework.ai.chat.client.advisor.api.StreamAdvisorChain chain) {
        String question = userText(request);
        return BaseAdvisor.super.adviseStream(
                request.mutate()
                        .context(QUESTION, question == null ? "" : question)
                        .build(),
                chain);
    }

    private static ChatClientResponse withQuestion(ChatClientResponse response, String question) {
        return response.mutate()
                .context(QUESTION, question == null ? "" : question)
                .build();
    }

    private static String userText(ChatClientRequest request) {
        UserMessage user = request.prompt().getUserMessage();
        return user == null ? null : user.getText();
    }

    /**
     * The scope of the user the conversation is with. No conversation id is refused, as Spring AI's
     * {@code MessageChatMemoryAdvisor} refuses it: there is no user to recall for, and one fallback id would make one
     * scope every user's memory.
     */
    private String scope(Object conversationId) {
        if (conversationId == null || conversationId.toString().isBlank()) {
            throw new IllegalArgumentException("MemoriaMemoryAdvisor needs a conversation id, from which its"
                    + " MemoriaScopeResolver finds the user's scope: .advisors(a -> a.param(ChatMemory.CONVERSATION_ID,"
                    + " id)); the context has no " + ChatMemory.CONVERSATION_ID);
        }
        return Objects.requireNonNull(
                scopes.scopeOf(conversationId.toString()),
                () -> "the MemoriaScopeResolver gave no scope for the conversation " + conversationId);
    }

    @Override
    public int getOrder() {
        return order;
    }

    @Override
    public String getName() {
        return "MemoriaMemoryAdvisor";
    }

    /** Configures a {@link MemoriaMemoryAdvisor}. */
    public static final class Builder {
        private final MemoriaClient client;
        private MemoriaScopeResolver scopes;
        private int recallLimit = 5;
        private boolean learn = true;
        private Executor learnExecutor;
        private int order = Ordered.HIGHEST_PRECEDENCE + 1000;

        private Builder(MemoriaClient client) {
            this.client = client;
        }

        /**
         * Required: maps a conversation id to the scope of the user it is with ({@code "user:" + userId}), where
         * facts are recalled from and learned into.
         */
        public Builder scopeResolver(MemoriaScopeResolver scopes) {
            this.scopes = Objects.requireNonNull(scopes);
            return this;
        }

        /** Facts added before a call, 1–100; default 5. */
        public Builder recallLimit(int recallLimit) {
            if (recallLimit < 1 || recallLimit > 100) {
                throw new IllegalArgumentException("recallLimit must be 1-100");
            }
            this.recallLimit = recallLimit;
            return this;
        }

        /** Whether each exchange goes to {@code learn} after the call; default true. */
        public Builder learn(boolean learn) {
            this.learn = learn;
            return this;
        }

        /** Learns on this executor instead of before the answer returns. */
        public Builder learnExecutor(Executor learnExecutor) {
            this.learnExecutor = learnExecutor;
            return this;
        }

        public Builder order(int order) {
            this.order = order;
            return this;
        }

        public MemoriaMemoryAdvisor build() {
            if (scopes == null) {
                throw new IllegalStateException(
                        "MemoriaMemoryAdvisor needs a scopeResolver: whose memory is a"
                                + " conversation? For example .scopeResolver(conversationId -> \"user:\" + ownerOf(conversationId))");
            }
            return new MemoriaMemoryAdvisor(this);
        }
    }
}
