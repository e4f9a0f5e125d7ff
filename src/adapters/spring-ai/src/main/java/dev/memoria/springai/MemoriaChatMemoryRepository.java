package dev.memoria.springai;

import dev.memoria.client.ConversationWindows;
import dev.memoria.client.MemoriaClient;
import dev.memoria.client.ScopeInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import org.springframework.ai.chat.memory.ChatMemoryRepository;
import org.springframework.ai.chat.messages.Message;

/**
 * Spring AI's chat memory (the short-term window a {@code MessageWindowChatMemory} keeps) in Memoria: each
 * conversation's window is stored whole as one conversation window of the server (see {@link ConversationWindows}),
 * under the conversation id, in the scope the {@link MemoriaScopeResolver} maps the conversation to: the scope the
 * advisor recalls from and learns into, so by default the conversation id itself ({@code user:42}). A window is
 * never recalled, so it shares the user's scope safely, and erasing {@code user:42} erases it. One request per save.
 *
 * <p>With a scope prefix instead ({@code memoria.chat-memory.scope-prefix}), a conversation's window is kept in the
 * scope {@code <prefix>:<conversation id>}, the conversation id being one or more scope segments.
 */
public final class MemoriaChatMemoryRepository implements ChatMemoryRepository {

    private static final Pattern SEGMENTS = Pattern.compile("[A-Za-z0-9._@-]{1,64}(:[A-Za-z0-9._@-]{1,64})*");

    private final MemoriaClient client;
    private final ConversationWindows windows;
    private final MemoriaScopeResolver scopes;

    /** Windows in the scope {@code scopes} maps each conversation id to, under the conversation id. */
    public MemoriaChatMemoryRepository(MemoriaClient client, MemoriaScopeResolver scopes) {
        this.client = Objects.requireNonNull(client, "client");
        this.windows = new ConversationWindows(client);
        this.scopes = Objects.requireNonNull(scopes, "scopes");
    }

    /** Windows in the scope {@code <prefix>:<conversation id>}, under the conversation id. */
    public MemoriaChatMemoryRepository(MemoriaClient client, String prefix) {
        this(client, prefixed(prefix));
    }

    /** Windows in the scope named by the conversation id itself (the advisor's default). */
    public MemoriaChatMemoryRepository(MemoriaClient client) {
        this(client, conversationId -> conversationId);
    }

    /**
     * The conversations that have a window: the windows of every scope the token may see whose id maps to that scope.
     * One request per scope, so meant for tools and housekeeping, not for every turn.
     */
    @Override
    public List<String> findConversationIds() {
        List<String> ids = new ArrayList<>();
        String cursor = null;
        do {
            ScopeInfo.Page page = client.scopes(cursor, 1000);
            for (ScopeInfo scope : page.items()) {
                for (String id : windows.ids(scope.scope())) {
                    if (scope.scope().equals(scopeOrNull(id))) {
                        ids.add(id);
                    }
                }
            }
            cursor = page.nextCursor();
        } while (cursor != null);
        return ids;
    }

    @Override
    public List<Message> findByConversationId(String conversationId) {
        return windows.loadMessages(scope(conversationId), conversationId, WindowCodec::read, WindowCodec::key);
    }

    /**
     * Saves the window over the version this thread read with {@link #findByConversationId} ({@code If-Match}), as
     * {@code MessageWindowChatMemory.add} does (find, then save, on one thread); when another writer saved in
     * between, appends the messages added since that read to the window as it is now and tries again (see
     * {@link ConversationWindows#saveMessages}), so two requests or nodes of one conversation keep every turn.
     */
    @Override
    public void saveAll(String conversationId, List<Message> messages) {
        if (messages.isEmpty()) {
            deleteByConversationId(conversationId);
            return;
        }
        windows.saveMessages(
                scope(conversationId),
                conversationId,
                messages,
                WindowCodec::write,
                WindowCodec::read,
                WindowCodec::key);
    }

    @Override
    public void deleteByConversationId(String conversationId) {
        windows.delete(scope(conversationId), conversationId);
    }

    private String scope(String conversationId) {
        Objects.requireNonNull(conversationId, "conversationId");
        return Objects.requireNonNull(
                scopes.scopeOf(conversationId), () -> "no scope for the conversation " + conversationId);
    }

    private String scopeOrNull(String conversationId) {
        try {
            return scopes.scopeOf(conversationId);
        } catch (RuntimeException notOurs) { // a window some other code saved under an id the resolver refuses
            return null;
        }
    }

    private static MemoriaScopeResolver prefixed(String prefix) {
        if (!SEGMENTS.matcher(Objects.requireNonNull(prefix, "prefix")).matches()) {
            throw new IllegalArgumentException("not a scope prefix: " + prefix);
        }
        return conversationId -> {
            if (conversationId == null || !SEGMENTS.matcher(conversationId).matches()) {
                throw new IllegalArgumentException(
                        "A conversation id for Memoria is one or more scope segments of [A-Za-z0-9._@-] separated by ':', not "
                                + conversationId);
            }
            return prefix + ":" + conversationId;
        };
    }
}
