package dev.memoria.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Conversations' short-term windows (the serialized messages a chat memory replaces whole on each turn), kept in
 * Memoria's conversation-window resource, for the LangChain4j and Spring AI chat-memory stores.
 *
 * <p>A window is one row on the server per (scope, id), its text opaque and replaced whole by each save: no fact,
 * version, daily-log entry or vector comes of it, and it is never recalled, so windows can live in the user's own
 * scope next to the facts. Clearing the scope and erasing it (by subject, or by a text the window holds) remove its
 * windows; a token's {@code memory_scopes} cover them like facts. A window holds at most 1,000,000 characters.
 */
public final class ConversationWindows {

    private final MemoriaClient client;

    public ConversationWindows(MemoriaClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    /** The window {@code id} of the scope; empty when there is none. */
    public Optional<String> load(String scope, String id) {
        return client.window(scope, id).map(Window::content);
    }

    /** Replaces the window {@code id} of the scope by this text (creating it when there is none). */
    public void save(String scope, String id, String window) {
        client.saveWindow(scope, id, Objects.requireNonNull(window, "window"));
    }

    /** Deletes the window {@code id} of the scope; false when there was none. */
    public boolean delete(String scope, String id) {
        return client.forgetWindow(scope, id);
    }

    /** The ids of the scope's windows, in the server's id order. */
    public List<String> ids(String scope) {
        List<String> ids = new ArrayList<>();
        String cursor = null;
        do {
            Window.Page page = client.windows(scope, cursor, 500);
            page.items().forEach(window -> ids.add(window.id()));
            cursor = page.nextCursor();
        } while (cursor != null);
        return ids;
    }
}
