package dev.memoria.client;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A conversation's short-term window (the serialized messages a chat memory replaces whole on each turn), kept in
 * Memoria with the existing fact endpoints, for the LangChain4j and Spring AI chat-memory stores.
 *
 * <p>A window lives in a scope of its own (such as {@code user:42:chat:support}), so it never mixes with the user's
 * long-term facts in recall, and erasure, export, quotas and {@code memory_scopes} cover it like any fact. Its text is
 * cut into pieces of at most {@value #PIECE} characters (a fact holds 8,000), each a fact of category
 * {@value #CATEGORY} under the key {@code window:0}, {@code window:1}, …; piece 0 says how many pieces the window
 * has. A save writes the pieces that changed in one batch, which the server applies in one transaction, so a reader
 * sees the old window or the new one, never a mix; pieces a shorter window no longer needs are deleted after it. A
 * load is one list request.
 */
public final class ConversationWindows {

    /** The category of window pieces. */
    public static final String CATEGORY = "chat-window";

    static final int PIECE = 7_900;
    private static final int MAX_PIECES = 500;
    private static final String KEY = "window:";
    /** A piece's frame: {@code [i/n]} before the text and {@code ]} after it, so the server's trim never cuts it. */
    private static final Pattern FRAME = Pattern.compile("\\[(\\d+)/(\\d+)]([\\s\\S]*)]", Pattern.DOTALL);

    private final MemoriaClient client;

    public ConversationWindows(MemoriaClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    /** The window saved in the scope; empty when there is none, or when one of its pieces was deleted. */
    public Optional<String> load(String scope) {
        Map<Integer, String> pieces = new HashMap<>();
        int count = -1;
        for (Fact fact : pieces(scope)) {
            Matcher m = FRAME.matcher(fact.content());
            if (!m.matches() || !fact.key().startsWith(KEY)) {
                continue;
            }
            int index = Integer.parseInt(m.group(1));
            pieces.put(index, m.group(3));
            if (index == 0) {
                count = Integer.parseInt(m.group(2));
            }
        }
        if (count < 0) {
            return Optional.empty();
        }
        StringBuilder window = new StringBuilder();
        for (int i = 0; i < count; i++) {
            String piece = pieces.get(i);
            if (piece == null) {
                // a piece was deleted behind the store's back (an erasure by content, a DELETE): the window is
                // gone, and the next save writes it whole again
                return Optional.empty();
            }
            window.append(piece);
        }
        return Optional.of(window.toString());
    }

    /** Replaces the scope's window by this text. */
    public void save(String scope, String window) {
        Objects.requireNonNull(window, "window");
        List<String> slices = new ArrayList<>();
        for (int at = 0; at < window.length() || slices.isEmpty(); at += PIECE) {
            slices.add(window.substring(at, Math.min(window.length(), at + PIECE)));
        }
        if (slices.size() > MAX_PIECES) {
            throw new IllegalArgumentException("A window of " + window.length() + " characters is over the "
                    + (PIECE * MAX_PIECES) + " a scope's window may hold");
        }
        Map<String, String> stored = new HashMap<>();
        for (Fact fact : pieces(scope)) {
            stored.put(fact.key(), fact.content());
        }
        List<FactInput> changed = new ArrayList<>();
        for (int i = 0; i < slices.size(); i++) {
            // only piece 0 carries the count, so appending to a long window rewrites its last piece (and piece 0
            // when a piece is added), not every piece
            String content = "[" + i + "/" + (i == 0 ? slices.size() : 0) + "]" + slices.get(i) + "]";
            if (!content.equals(stored.remove(KEY + i))) {
                changed.add(FactInput.builder(content)
                        .key(KEY + i)
                        .category(CATEGORY)
                        .tags(CATEGORY)
                        // pinned: decay and capacity eviction must not take a piece and break the window
                        .persistent(true)
                        .dedupe(false)
                        .source("chat-window")
                        .build());
            }
        }
        if (!changed.isEmpty()) {
            client.rememberAll(scope, changed);
        }
        for (String stale : stored.keySet()) {
            client.forgetByKey(scope, stale);
        }
    }

    /** Deletes the scope's window; false when there was none. */
    public boolean delete(String scope) {
        boolean any = false;
        for (Fact fact : pieces(scope)) {
            any |= client.forgetByKey(scope, fact.key());
        }
        return any;
    }

    private List<Fact> pieces(String scope) {
        List<Fact> pieces = new ArrayList<>();
        String cursor = null;
        do {
            FactPage page = client.list(
                    scope,
                    ListQuery.all()
                            .withCategory(CATEGORY)
                            .withSuperseded(true)
                            .withLimit(500)
                            .withCursor(cursor));
            page.items().stream()
                    .filter(f -> f.key() != null && f.key().startsWith(KEY))
                    .forEach(pieces::add);
            cursor = page.nextCursor();
        } while (cursor != null);
        return pieces;
    }
}
