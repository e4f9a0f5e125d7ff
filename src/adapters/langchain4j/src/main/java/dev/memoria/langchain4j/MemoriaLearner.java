package dev.memoria.langchain4j;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.ChatMemory;
import dev.memoria.client.Learned;
import dev.memoria.client.MemoriaClient;
import dev.memoria.client.Turn;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Turns a finished conversation into long-term facts: its messages become the turns of {@code POST /learn} in the
 * scope the memory id maps to (the user's, the one a {@link MemoriaContentRetriever} recalls from). Text only:
 * images and AI messages that only request tools are left out; the latest turns within the server's bounds (500 turns, 32,000 characters a turn, 200,000 in all) are sent.
 * The {@code <memory>} blocks a {@link MemoriaContentRetriever} injected into a message are never sent: they are what
 * Memoria already knew (perhaps superseded since), not what the user said. The learner of {@link MemoriaMemory} sends
 * the user's turns and the model's replies only.
 *
 * <pre>{@code
 * MemoriaLearner learner = new MemoriaLearner(client, memoryId -> "user:" + memoryId);
 * learner.learn("42", chatMemory);            // when the session ends
 * }</pre>
 */
public final class MemoriaLearner {

    private static final int MAX_TURNS = 500;
    private static final int MAX_TURN_CHARS = 32_000;
    private static final int MAX_TOTAL_CHARS = 200_000;

    /** Every role {@code learn} takes. */
    static final Set<String> ALL_ROLES = Set.of("user", "assistant", "system", "tool");

    /** What the user said and what the model answered: no system prompt, no tool output. */
    static final Set<String> CONVERSATION = Set.of("user", "assistant");

    private final MemoriaClient client;
    private final Function<Object, String> scope;
    private final String provider;
    private final Set<String> roles;

    /** Learns with the server's built-in {@code rules} provider. */
    public MemoriaLearner(MemoriaClient client, Function<Object, String> scope) {
        this(client, scope, null);
    }

    /** Learns with a provider configured on the server: {@code rules}, {@code openai}, {@code openai-compat}, {@code anthropic}. */
    public MemoriaLearner(MemoriaClient client, Function<Object, String> scope, String provider) {
        this(client, scope, provider, ALL_ROLES);
    }

    /** Sends the turns of these roles only. */
    MemoriaLearner(MemoriaClient client, Function<Object, String> scope, String provider, Set<String> roles) {
        this.client = Objects.requireNonNull(client, "client");
        this.scope = Objects.requireNonNull(scope, "scope");
        this.provider = provider;
        this.roles = Set.copyOf(roles);
    }

    public Learned learn(Object memoryId, ChatMemory memory) {
        return learn(memoryId, memory.messages());
    }

    /** Nothing to learn (no text) is an empty answer, without a request. */
    public Learned learn(Object memoryId, List<ChatMessage> messages) {
        List<Turn> turns = turns(messages, roles);
        if (turns.isEmpty()) {
            return new Learned(List.of(), List.of(), 0);
        }
        return client.learn(Objects.requireNonNull(scope.apply(memoryId), "scope"), turns, provider);
    }

    static List<Turn> turns(List<ChatMessage> messages) {
        return turns(messages, ALL_ROLES);
    }

    static List<Turn> turns(List<ChatMessage> messages, Set<String> roles) {
        List<Turn> turns = new ArrayList<>();
        for (ChatMessage original : messages) {
            ChatMessage message = InjectedMemory.strip(original);
            String role;
            String text;
            if (message instanceof UserMessage user) {
                role = "user";
                text = user.contents().stream()
                        .filter(TextContent.class::isInstance)
                        .map(c -> ((TextContent) c).text())
                        .collect(Collectors.joining("\n"));
            } else if (message instanceof AiMessage ai) {
                role = "assistant";
                text = ai.text();
            } else if (message instanceof SystemMessage system) {
                role = "system";
                text = system.text();
            } else if (message instanceof ToolExecutionResultMessage tool) {
                role = "tool";
                text = tool.text();
            } else {
                continue;
            }
            if (!roles.contains(role) || text == null || text.isBlank()) {
                continue;
            }
            turns.add(new Turn(role, text.length() > MAX_TURN_CHARS ? text.substring(0, MAX_TURN_CHARS) : text));
        }
        // the server takes at most 500 turns and 200,000 characters: the latest turns are the ones kept
        int from = Math.max(0, turns.size() - MAX_TURNS);
        int total = 0;
        for (int i = turns.size() - 1; i >= from; i--) {
            total += turns.get(i).content().length();
            if (total > MAX_TOTAL_CHARS) {
                from = i + 1;
                break;
            }
        }
        return List.copyOf(turns.subList(from, turns.size()));
    }
}
