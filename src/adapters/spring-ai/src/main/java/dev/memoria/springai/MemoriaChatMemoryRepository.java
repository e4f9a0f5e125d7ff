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
 * conversation's window is stored whole as the few keyed pieces of {@link ConversationWindows}, in the scope
 * {@code <prefix>:<conversation id>} ({@code chat:user:42} by default), one batch per save. A conversation id is one
 * or more scope segments ({@code [A-Za-z0-9._@-]}, separated by {@code :}); an id holding the user's scope, such as
 * {@code user:42}, puts the window under an erasure of {@code user:42}.
 */
public final class MemoriaChatMemoryRepository implements ChatMemoryRepository {

    private static final Pattern SEGMENTS = Pattern.compile("[A-Za-z0-9._@-]{1,64}(:[A-Za-z0-9._@-]{1,64})*");

    private final MemoriaClient client;
    private final ConversationWindows windows;
    private final String prefix;

    public MemoriaChatMemoryRepository(MemoriaClient client, String prefix) {
        this.client = Objects.requireNonNull(client, "client");
        this.windows = new ConversationWindows(client);
        if (!SEGMENTS.matcher(Objects.requireNonNull(prefix, "prefix")).matches()) {
            throw new IllegalArgumentException("not a scope prefix: " + prefix);
        }
        this.prefix = prefix;
    }

    public MemoriaChatMemoryRepository(MemoriaClient client) {
        this(client, "chat");
    }

    @Override
    public List<String> findConversationIds() {
        List<String> ids = new ArrayList<>();
        String cursor = null;
        do {
            ScopeInfo.Page page = client.scopes(cursor, 1000);
            for (ScopeInfo scope : page.items()) {
                if (scope.scope().startsWith(prefix + ":") && scope.facts() > 0) {
                    ids.add(scope.scope().substring(prefix.length() + 1));
                }
            }
            cursor = page.nextCursor();
        } while (cursor != null);
        return ids;
    }

    @Override
    public List<Message> findByConversationId(String conversationId) {
        return windows.load(scope(conversationId)).map(WindowCodec::read).orElseGet(ArrayList::new);
    }

    @Override
    public void saveAll(String conversationId, List<Message> messages) {
        if (messages.isEmpty()) {
            deleteByConversationId(conversationId);
            return;
        }
        windows.save(scope(conversationId), WindowCodec.write(messages));
    }

    @Override
    public void deleteByConversationId(String conversationId) {
        windows.delete(scope(conversationId));
    }

    private String scope(String conversationId) {
        if (conversationId == null || !SEGMENTS.matcher(conversationId).matches()) {
            throw new IllegalArgumentException(
                    "A conversation id for Memoria is one or more scope segments of [A-Za-z0-9._@-] separated by ':', not "
                            + conversationId);
        }
        return prefix + ":" + conversationId;
    }
}
