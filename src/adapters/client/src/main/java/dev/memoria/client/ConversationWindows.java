package dev.memoria.client;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Conversations' short-term windows (the serialized messages a chat memory replaces whole on each turn), kept in
 * Memoria's conversation-window resource, for the LangChain4j and Spring AI chat-memory stores.
 *
 * <p>A window is one row on the server per (scope, id), its text opaque and replaced whole by each save: no fact,
 * version, daily-log entry or vector comes of it, and it is never recalled, so windows can live in the user's own
 * scope next to the facts. Clearing the scope and erasing it (by subject, or by a text the window holds) remove its
 * windows; a token's {@code memory_scopes} cover them like facts. A window holds at most 1,000,000 characters.
 *
 * <p><b>Two writers of one conversation</b> (two nodes, two requests of one user) each read the window, add their
 * turns and save it whole; saved blindly, the second save drops the first one's turns. So {@link #loadMessages}
 * remembers, for the calling thread, the window's {@code ETag} and the messages it held, and
 * {@link #saveMessages} writes with {@code If-Match} (or {@code If-None-Match: *} when there was none); when the
 * server answers {@code 412} (another writer saved in between), it reads the window again, appends the turns this
 * caller added to what is stored now (without the ones it had read) and tries again after a short random pause, at
 * most {@link #MAX_ATTEMPTS} times. A chat memory reads and then saves on one thread (LangChain4j's and Spring AI's
 * {@code MessageWindowChatMemory} do), which is what ties a save to its read; a save with no read before it on its
 * thread replaces the window, as before.
 */
public final class ConversationWindows {

    /** Tries of one save that keeps meeting other writers' saves: the first and seven after a {@code 412}. */
    public static final int MAX_ATTEMPTS = 8;

    /** Windows read on this thread and not saved since, per instance: their ETag and their messages' keys. */
    private final ThreadLocal<Map<String, Read>> reads =
            ThreadLocal.withInitial(() -> new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Read> eldest) {
                    return size() > 64; // read and never saved (shown, not added to): forget the oldest
                }
            });

    private record Read(String etag, List<String> keys) {}

    private final MemoriaClient client;

    public ConversationWindows(MemoriaClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    /** The window {@code id} of the scope; empty when there is none. */
    public Optional<String> load(String scope, String id) {
        return client.window(scope, id).map(Window::content);
    }

    /** Replaces the window {@code id} of the scope by this text (creating it when there is none), unconditionally. */
    public void save(String scope, String id, String window) {
        client.saveWindow(scope, id, Objects.requireNonNull(window, "window"));
    }

    /**
     * The messages of the window {@code id} ({@code decode} reads its text), empty when there is none; remembers its
     * ETag and the messages' keys ({@code key}: a message's serialized form) for this thread's next
     * {@link #saveMessages} of the window.
     */
    public <M> List<M> loadMessages(
            String scope, String id, Function<String, List<M>> decode, Function<M, String> key) {
        Optional<Window> window = client.window(scope, id);
        List<M> messages = window.map(w -> decode.apply(w.content())).orElseGet(ArrayList::new);
        reads.get().put(slot(scope, id), new Read(window.map(Window::etag).orElse(null), keys(messages, key)));
        return messages;
    }

    /**
     * Saves these messages as the window {@code id}: only over the version this thread last read (see the class
     * comment), merging onto a newer one when another writer saved in between. Throws the {@code 412}
     * {@link MemoriaException} when {@link #MAX_ATTEMPTS} tries all met a newer version.
     */
    public <M> void saveMessages(
            String scope,
            String id,
            List<M> messages,
            Function<List<M>, String> encode,
            Function<String, List<M>> decode,
            Function<M, String> key) {
        Read read = reads.get().remove(slot(scope, id));
        if (read == null || (read.etag() == null && !read.keys().isEmpty())) {
            save(scope, id, encode.apply(messages));
            return;
        }
        List<String> written = keys(messages, key);
        List<M> added = messages.subList(firstAdded(read.keys(), written), messages.size());
        String etag = read.etag();
        String content = encode.apply(messages);
        for (int attempt = 1; ; attempt++) {
            try {
                if (etag == null) {
                    client.createWindow(scope, id, content);
                } else {
                    client.saveWindow(scope, id, content, etag);
                }
                return;
            } catch (MemoriaException e) {
                if (!e.isPreconditionFailed() || attempt >= MAX_ATTEMPTS) {
                    throw e;
                }
            }
            backOff(attempt);
            Optional<Window> now = client.window(scope, id);
            List<M> merged =
                    new ArrayList<>(now.map(w -> decode.apply(w.content())).orElseGet(ArrayList::new));
            merged.addAll(added);
            etag = now.map(Window::etag).orElse(null);
            content = encode.apply(merged);
        }
    }

    /** A few milliseconds, random and growing, so writers that keep meeting do not keep meeting. */
    private static void backOff(int attempt) {
        try {
            Thread.sleep(java.util.concurrent.ThreadLocalRandom.current().nextLong(1, 1 + 25L * attempt));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MemoriaException("Interrupted", e);
        }
    }

    /**
     * Where the turns a caller added begin in what it writes: after the longest start of {@code written} that is
     * made of messages it read, in their order (a chat memory keeps the end of what it read, a system message
     * perhaps first, and adds its turns after it).
     */
    static int firstAdded(List<String> read, List<String> written) {
        int r = 0;
        int w = 0;
        while (w < written.size()) {
            while (r < read.size() && !read.get(r).equals(written.get(w))) {
                r++;
            }
            if (r == read.size()) {
                break;
            }
            r++;
            w++;
        }
        return w;
    }

    private static <M> List<String> keys(List<M> messages, Function<M, String> key) {
        List<String> keys = new ArrayList<>(messages.size());
        messages.forEach(m -> keys.add(key.apply(m)));
        return keys;
    }

    private static String slot(String scope, String id) {
        return scope + '\n' + id;
    }

    /** Deletes the window {@code id} of the scope; false when there was none. */
    public boolean delete(String scope, String id) {
        reads.get().remove(slot(scope, id));
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
