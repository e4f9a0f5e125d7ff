package dev.memoria.springai;

import dev.memoria.client.ConversationWindows;
import dev.memoria.client.MemoriaClient;
import dev.memoria.client.MemoriaException;
import dev.memoria.client.ScopeInfo;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.ai.chat.memory.ChatMemoryRepository;
import org.springframework.ai.chat.messages.Message;
import org.springframework.core.log.LogAccessor;

/**
 * Spring AI's chat memory (the short-term window a {@code MessageWindowChatMemory} keeps) in Memoria: each
 * conversation's window is stored whole as one conversation window of the server (see {@link ConversationWindows}),
 * under the conversation id, in the scope the {@link MemoriaScopeResolver} maps the conversation to: the scope of
 * the user, where the advisor recalls from and learns into ({@code user:42}). A window is
 * never recalled, so it shares the user's scope safely, and erasing {@code user:42} erases it. One request per save.
 *
 * <p>Memoria down does not fail a chat: a window that cannot be read is empty (the chat goes on without its history)
 * and a turn that cannot be saved is not kept, each with a warning through commons-logging; the window stored
 * before is never replaced by a turn whose read failed. A refusal the application must fix ({@code 401},
 * {@code 403}, {@code 400}) fails the chat.
 *
 * <p>With a scope prefix instead ({@code memoria.chat-memory.scope-prefix}), a conversation's window is kept in the
 * scope {@code <prefix>:<conversation id>}, the conversation id being one or more scope segments.
 */
public final class MemoriaChatMemoryRepository implements ChatMemoryRepository {

    private static final LogAccessor LOG = new LogAccessor(MemoriaChatMemoryRepository.class);

    private static final Pattern SEGMENTS = Pattern.compile("[A-Za-z0-9._@-]{1,64}(:[A-Za-z0-9._@-]{1,64})*");

    private final MemoriaClient client;
    private final ConversationWindows windows;
    private final MemoriaScopeResolver scopes;
    /** Conversations whose window this thread could not read: their next save would replace it with less. */
    private final ThreadLocal<Set<String>> unread = ThreadLocal.withInitial(HashSet::new);

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

    /**
     * The conversation's window; empty, with a warning, when Memoria cannot be reached or fails ({@code 5xx},
     * {@code 429} after the client's retries), so the chat goes on without its history. A refusal that is the
     * application's to fix ({@code 401}, {@code 403}, {@code 400}) is thrown.
     */
    @Override
    public List<Message> findByConversationId(String conversationId) {
        String scope = scope(conversationId);
        try {
            List<Message> messages = windows.loadMessages(scope, conversationId, WindowCodec::read, WindowCodec::key);
            unread.get().remove(conversationId);
            return messages;
        } catch (MemoriaException e) {
            if (!unavailable(e)) {
                throw e;
            }
            unread.get().add(conversationId);
            LOG.warn(
                    e,
                    () -> "Memoria could not give the chat window of the conversation " + conversationId
                            + ", the chat goes on without its history: " + e.getMessage());
            return new ArrayList<>();
        }
    }

    /**
     * Saves the window over the version this thread read with {@link #findByConversationId} ({@code If-Match}), as
     * {@code MessageWindowChatMemory.add} does (find, then save, on one thread); when another writer saved in
     * between, appends the messages added since that read to the window as it is now and tries again (see
     * {@link ConversationWindows#saveMessages}), so two requests or nodes of one conversation keep every turn.
     */
    @Override
    public void saveAll(String conversationId, List<Message> messages) {
        String scope = scope(conversationId);
        if (unread.get().remove(conversationId)) {
            // what this thread read was nothing for want of the server: saving it would replace the window with less
            LOG.warn(() -> "The chat window of the conversation " + conversationId
                    + " was not read from Memoria, so this turn is not added to it");
            return;
        }
        if (messages.isEmpty()) {
            deleteByConversationId(conversationId);
            return;
        }
        try {
            windows.saveMessages(
                    scope, conversationId, messages, WindowCodec::write, WindowCodec::read, WindowCodec::key);
        } catch (MemoriaException e) {
            if (!unavailable(e) && !e.isPreconditionFailed()) {
                throw e;
            }
            LOG.warn(
                    e,
                    () -> "Memoria could not save the chat window of the conversation " + conversationId
                            + ", this turn is not added to it: " + e.getMessage());
        }
    }

    /** Memoria down or overloaded, not a refusal of this application's request. */
    private static boolean unavailable(MemoriaException e) {
        return e.isUnreachable() || e.status() >= 500 || e.status() == 429;
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
