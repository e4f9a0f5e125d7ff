package dev.memoria.langchain4j;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ChatMessageDeserializer;
import dev.langchain4j.data.message.ChatMessageSerializer;
import dev.langchain4j.store.memory.chat.ChatMemoryStore;
import dev.memoria.client.ConversationWindows;
import dev.memoria.client.MemoriaClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Keeps each chat memory's window in Memoria, so an agent restarted (or running on another node) goes on where the
 * conversation was. The window is stored whole, serialized with LangChain4j's own {@link ChatMessageSerializer}, as
 * the few keyed pieces of {@link ConversationWindows} in the scope the memory id maps to: one batch per update, not a
 * fact per message.
 *
 * <pre>{@code
 * ChatMemoryStore store = new MemoriaChatMemoryStore(client, memoryId -> "user:" + memoryId + ":chat");
 * ChatMemoryProvider memories = memoryId -> MessageWindowChatMemory.builder()
 *         .id(memoryId).maxMessages(20).chatMemoryStore(store).build();
 * }</pre>
 *
 * <p>Give windows a scope of their own, below the user's (so that erasing {@code user:42} erases them too), never
 * the scope the retriever recalls from.
 */
public final class MemoriaChatMemoryStore implements ChatMemoryStore {

    private final ConversationWindows windows;
    private final Function<Object, String> scope;

    public MemoriaChatMemoryStore(MemoriaClient client, Function<Object, String> scope) {
        this.windows = new ConversationWindows(client);
        this.scope = Objects.requireNonNull(scope, "scope");
    }

    @Override
    public List<ChatMessage> getMessages(Object memoryId) {
        return windows.load(scopeOf(memoryId))
                .map(json -> new ArrayList<>(ChatMessageDeserializer.messagesFromJson(json)))
                .map(list -> (List<ChatMessage>) list)
                .orElseGet(ArrayList::new);
    }

    @Override
    public void updateMessages(Object memoryId, List<ChatMessage> messages) {
        windows.save(scopeOf(memoryId), ChatMessageSerializer.messagesToJson(messages));
    }

    @Override
    public void deleteMessages(Object memoryId) {
        windows.delete(scopeOf(memoryId));
    }

    private String scopeOf(Object memoryId) {
        return Objects.requireNonNull(scope.apply(memoryId), () -> "no scope for the memory id " + memoryId);
    }
}
