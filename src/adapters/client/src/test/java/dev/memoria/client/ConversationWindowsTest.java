package dev.memoria.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Two writers of one window, against a server that keeps windows with ETags and honours If-Match as Memoria does. */
class ConversationWindowsTest {

    private HttpServer server;
    private final Map<String, String> windows = new HashMap<>();
    private int versions;
    private final Map<String, Integer> version = new HashMap<>();
    private int preconditionsFailed;
    private boolean alwaysConflict;
    private MemoriaClient client;

    private static final Function<List<String>, String> ENCODE = list -> String.join("\n", list);
    private static final Function<String, List<String>> DECODE =
            text -> text.isEmpty() ? new ArrayList<>() : new ArrayList<>(Arrays.asList(text.split("\n")));

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
        client = MemoriaClient.builder()
                .baseUrl("http://127.0.0.1:" + server.getAddress().getPort())
                .token("t")
                .build();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private synchronized void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String id = URLDecoder.decode(exchange.getRequestURI().getRawQuery().substring(3), StandardCharsets.UTF_8);
            String stored = windows.get(id);
            String etag = stored == null ? null : "\"" + version.get(id) + "\"";
            switch (exchange.getRequestMethod()) {
                case "GET" -> {
                    if (stored == null) {
                        send(exchange, 404, null, "{\"status\":404}");
                    } else {
                        send(exchange, 200, etag, window(id, stored));
                    }
                }
                case "PUT" -> {
                    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                    String content = (String) JsonRead.object(Json.parse(body)).get("content");
                    String ifMatch = exchange.getRequestHeaders().getFirst("If-Match");
                    String ifNoneMatch = exchange.getRequestHeaders().getFirst("If-None-Match");
                    if ((ifMatch != null && (alwaysConflict || !ifMatch.equals(etag)))
                            || ("*".equals(ifNoneMatch) && stored != null)) {
                        preconditionsFailed++;
                        send(
                                exchange,
                                412,
                                null,
                                "{\"type\":\"https://memoria.dev/problems/precondition-failed\",\"status\":412}");
                        return;
                    }
                    windows.put(id, content);
                    version.put(id, ++versions);
                    send(exchange, stored == null ? 201 : 200, "\"" + versions + "\"", window(id, content));
                }
                default -> send(exchange, 405, null, "{}");
            }
        }
    }

    private static String window(String id, String content) {
        return Json.write(Map.of("scope", "user:1", "id", id, "content", content, "size", content.length()));
    }

    private static void send(HttpExchange exchange, int status, String etag, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders()
                .add("Content-Type", status >= 400 ? "application/problem+json" : "application/json");
        if (etag != null) {
            exchange.getResponseHeaders().add("ETag", etag);
        }
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    /** One turn of a chat memory: read the window, add a message, save it. */
    private static void turn(ConversationWindows windows, String message) {
        List<String> messages = windows.loadMessages("user:1", "chat", DECODE, m -> m);
        messages.add(message);
        windows.saveMessages("user:1", "chat", messages, ENCODE, DECODE, m -> m);
    }

    @Test
    void twoWritersWhoseReadsAndSavesInterleaveKeepEveryTurn() {
        ConversationWindows a = new ConversationWindows(client); // two nodes of one application
        ConversationWindows b = new ConversationWindows(client);
        for (int i = 0; i < 5; i++) {
            List<String> readByA = a.loadMessages("user:1", "chat", DECODE, m -> m);
            List<String> readByB = b.loadMessages("user:1", "chat", DECODE, m -> m);
            readByA.add("a" + i);
            readByB.add("b" + i);
            a.saveMessages("user:1", "chat", readByA, ENCODE, DECODE, m -> m);
            b.saveMessages("user:1", "chat", readByB, ENCODE, DECODE, m -> m); // B's read is stale: 412, merge
        }
        List<String> stored = DECODE.apply(windows.get("chat"));
        assertEquals(List.of("a0", "b0", "a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4"), stored, "10 of 10");
        assertEquals(5, preconditionsFailed);
    }

    @Test
    void writersOnThreadsKeepEveryTurn() throws Exception {
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (String writer : List.of("a", "b")) {
            ConversationWindows windows = new ConversationWindows(client);
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 5; i++) {
                    turn(windows, writer + i);
                }
            });
            thread.setUncaughtExceptionHandler((t, e) -> failures.add(e));
            threads.add(thread);
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(List.of(), failures);
        List<String> stored = DECODE.apply(windows.get("chat"));
        assertEquals(10, stored.size(), () -> "10 of 10: " + stored);
        for (String writer : List.of("a", "b")) {
            assertEquals(
                    List.of(writer + 0, writer + 1, writer + 2, writer + 3, writer + 4),
                    stored.stream().filter(m -> m.startsWith(writer)).toList(),
                    "each writer's turns once, in its order");
        }
    }

    @Test
    void aWindowTrimmedByTheMemoryKeepsItsTrimAndOnlyTheNewTurnIsMerged() {
        ConversationWindows a = new ConversationWindows(client);
        ConversationWindows b = new ConversationWindows(client);
        a.saveMessages("user:1", "chat", List.of("sys", "u1", "a1"), ENCODE, DECODE, m -> m);
        List<String> readByA = a.loadMessages("user:1", "chat", DECODE, m -> m);
        turn(b, "b1");
        // A's memory keeps 3 messages: the system message, then the newest
        List<String> trimmed = new ArrayList<>(List.of(readByA.get(0), readByA.get(2), "u2"));
        a.saveMessages("user:1", "chat", trimmed, ENCODE, DECODE, m -> m);
        assertEquals(List.of("sys", "u1", "a1", "b1", "u2"), DECODE.apply(windows.get("chat")));
    }

    @Test
    void whereTheAddedTurnsBegin() {
        assertEquals(3, ConversationWindows.firstAdded(List.of("x", "y", "z"), List.of("x", "y", "z", "n")));
        assertEquals(2, ConversationWindows.firstAdded(List.of("s", "x", "y"), List.of("s", "y", "n")));
        assertEquals(1, ConversationWindows.firstAdded(List.of("x", "y"), List.of("y", "x")), "x again is a new turn");
        assertEquals(0, ConversationWindows.firstAdded(List.of(), List.of("n")));
        assertEquals(0, ConversationWindows.firstAdded(List.of("x"), List.of("n", "x")));
    }

    @Test
    void aWriterThatKeepsLosingGivesUpWithThe412() {
        ConversationWindows a = new ConversationWindows(client);
        turn(a, "first");
        List<String> read = a.loadMessages("user:1", "chat", DECODE, m -> m);
        read.add("mine");
        alwaysConflict = true; // another writer saves between each re-read and save
        MemoriaException e = assertThrows(
                MemoriaException.class, () -> a.saveMessages("user:1", "chat", read, ENCODE, DECODE, m -> m));
        assertTrue(e.isPreconditionFailed());
        assertEquals(ConversationWindows.MAX_ATTEMPTS, preconditionsFailed);
        assertEquals(List.of("first"), DECODE.apply(windows.get("chat")), "nothing written");
    }
}
