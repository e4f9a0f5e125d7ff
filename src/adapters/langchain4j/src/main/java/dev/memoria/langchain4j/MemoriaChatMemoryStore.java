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
 * one conversation window of the server (see {@link ConversationWindows}): its id is the memory id, its scope the one
 * the memory id maps to, such as the user's own scope. One request per update, not a fact per message.
 *
 * <pre>{@code
 * ChatMemoryStore store = new MemoriaChatMemoryStore(client, memoryId -> "user:" + memoryId);
 * ChatMemoryProvider memories = memoryId -> MessageWindowChatMemory.builder()
 *         .id(memoryId).maxMessages(20).chatMemoryStore(store).build();
 * }</pre>
 *
 * <p>Only what was said is kept: the {@code <memory>} blocks a {@link MemoriaContentRetriever} injected into a user
 * message (LangChain4j's {@code AiServices} store the augmented message unless built with
 * {@code storeRetrievedContentInChatMemory(false)}) are taken out before the window is saved, and out of a window
 * saved before, when it is read. A fact recalled in one turn is data for that turn only: were it kept in the window,
 * it would go back to the model in every later turn, even once superseded or deleted, and be learned again as if the
 * user had said it. {@link MemoriaMemory} hands out this store with the retriever and the learner.
 *
 * <p>A window is never recalled, so it can share the scope the retriever recalls from: the same function may map
 * memory ids for both, and erasing {@code user:42} then erases the user's windows too. A memory id is a window id:
 * its text ({@code String.valueOf}) of 1-128 characters, no control characters, no space at either end.
 *
 * <p>Two writers of one conversation (two nodes, two requests at once) both keep their turns: a save replaces only
 * the version its thread read, and merges onto a newer one (see {@link #updateMessages}).
 */
public final class MemoriaChatMemoryStore implements ChatMemoryStore {

    private final ConversationWindows windows;
    private final Function<Object, String> scope;

    /** {@code scope} maps a memory id to the scope its window is kept in. */
    public MemoriaChatMemoryStore(MemoriaClient client, Function<Object, String> scope) {
        this.windows = new ConversationWindows(client);
        this.scope = Objects.requireNonNull(scope, "scope");
    }

    @Override
    public List<ChatMessage> getMessages(Object memoryId) {
        return windows.loadMessages(
                scopeOf(memoryId), idOf(memoryId), MemoriaChatMemoryStore::read, ChatMessageSerializer::messageToJson);
    }

    /**
     * Saves the window over the version this thread read with {@link #getMessages} ({@code If-Match}); when another
     * writer (another node, another request of the conversation) saved in between, appends the messages added since
     * that read to the window as it is now and tries again (see {@link ConversationWindows#saveMessages}), so no
     * writer's turns are lost.
     */
    @Override
    public void updateMessages(Object memoryId, List<ChatMessage> messages) {
        windows.saveMessages(
                scopeOf(memoryId),
                idOf(memoryId),
                InjectedMemory.strip(messages),
                ChatMessageSerializer::messagesToJson,
                MemoriaChatMemoryStore::read,
                ChatMessageSerializer::messageToJson);
    }

    private static List<ChatMessage> read(String json) {
        return new ArrayList<>(InjectedMemory.strip(ChatMessageDeserializer.messagesFromJson(json)));
    }

    @Override
    public void deleteMessages(Object memoryId) {
        windows.delete(scopeOf(memoryId), idOf(memoryId));
    }

    private String scopeOf(Object memoryId) {
        return Objects.requireNonNull(scope.apply(memoryId), () -> "no scope for the memory id " + memoryId);
    }

    private static String idOf(Object memoryId) {
        return String.valueOf(Objects.requireNonNull(memoryId, "memoryId"));
    }
}
