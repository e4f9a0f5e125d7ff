package dev.memoria.springai;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.memoria.client.MemoriaClient;
import dev.memoria.client.MemoriaException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.UserMessage;
import tools.jackson.databind.json.JsonMapper;

/** Two writers of one conversation, against a server that keeps windows with ETags as Memoria does. */
class MemoriaChatMemoryRepositoryTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private HttpServer server;
    private final Map<String, String> windows = new HashMap<>();
    private int preconditionsFailed;
    private boolean down;
    private boolean unauthorized;
    private MemoriaClient client;

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
            String key = exchange.getRequestURI().getRawPath() + "?"
                    + URLDecoder.decode(exchange.getRequestURI().getRawQuery(), StandardCharsets.UTF_8);
            String stored = windows.get(key);
            if (unauthorized) {
                send(exchange, 401, null, "{\"status\":401,\"title\":\"Unauthorized\"}");
                return;
            }
            if (down) {
                send(exchange, 503, null, "{\"status\":503,\"title\":\"Service Unavailable\"}");
                return;
            }
            switch (exchange.getRequestMethod()) {
                case "GET" -> {
                    if (stored == null) {
                        send(exchange, 404, null, "{\"status\":404}");
                    } else {
                        send(exchange, 200, etag(stored), window(stored));
                    }
                }
                case "PUT" -> {
                    @SuppressWarnings("unchecked")
                    String content = (String)
                            JSON.readValue(exchange.getRequestBody(), Map.class).get("content");
                    String ifMatch = exchange.getRequestHeaders().getFirst("If-Match");
                    String ifNoneMatch = exchange.getRequestHeaders().getFirst("If-None-Match");
                    if ((ifMatch != null && (stored == null || !ifMatch.equals(etag(stored))))
                            || ("*".equals(ifNoneMatch) && stored != null)) {
                        preconditionsFailed++;
                        send(exchange, 412, null, "{\"status\":412}");
                        return;
                    }
                    windows.put(key, content);
                    send(exchange, stored == null ? 201 : 200, etag(content), window(content));
                }
                default -> send(exchange, 405, null, "{}");
            }
        }
    }

    private static String etag(String content) {
        return "\"" + Integer.toHexString(content.hashCode()) + "-" + content.length() + "\"";
    }

    private static String window(String content) {
        return JSON.writeValueAsString(Map.of("scope", "user:42", "id", "user:42", "content", content));
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

    @Test
    void twoRepositoriesWhoseReadsAndSavesInterleaveKeepEveryTurn() {
        MemoriaChatMemoryRepository a = new MemoriaChatMemoryRepository(client, id -> id);
        MemoriaChatMemoryRepository b = new MemoriaChatMemoryRepository(client, id -> id);
        for (int i = 0; i < 5; i++) {
            List<Message> readByA = new ArrayList<>(a.findByConversationId("user:42"));
            List<Message> readByB = new ArrayList<>(b.findByConversationId("user:42"));
            readByA.add(new UserMessage("a" + i));
            readByB.add(new UserMessage("b" + i));
            a.saveAll("user:42", readByA);
            b.saveAll("user:42", readByB); // read before A saved: 412, then merged
        }
        assertEquals(
                List.of("a0", "b0", "a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4"),
                texts(new MemoriaChatMemoryRepository(client, id -> id).findByConversationId("user:42")),
                "10 of 10");
        assertEquals(5, preconditionsFailed);
    }

    @Test
    void twoChatMemoriesOnThreadsKeepEveryTurn() throws Exception {
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (String writer : List.of("a", "b")) {
            ChatMemory memory = MessageWindowChatMemory.builder()
                    .chatMemoryRepository(new MemoriaChatMemoryRepository(client, id -> id))
                    .maxMessages(100)
                    .build();
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 5; i++) {
                    memory.add("user:42", new UserMessage(writer + "-question-" + i));
                    memory.add("user:42", new AssistantMessage(writer + "-answer-" + i));
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
        List<String> stored = texts(new MemoriaChatMemoryRepository(client, id -> id).findByConversationId("user:42"));
        assertEquals(20, stored.size(), () -> "20 of 20: " + stored);
        for (String writer : List.of("a", "b")) {
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                expected.add(writer + "-question-" + i);
                expected.add(writer + "-answer-" + i);
            }
            assertEquals(
                    expected, stored.stream().filter(m -> m.startsWith(writer)).toList());
        }
    }

    @Test
    void aServerThatIsDownLosesTheTurnButNeitherTheChatNorTheStoredWindow() {
        MemoriaChatMemoryRepository repository = new MemoriaChatMemoryRepository(client, id -> id);
        repository.saveAll("user:42", List.of(new UserMessage("kept")));
        down = true;
        ChatMemory memory = MessageWindowChatMemory.builder()
                .chatMemoryRepository(repository)
                .maxMessages(10)
                .build();
        memory.add("user:42", new UserMessage("while down")); // neither throws
        assertEquals(List.of(), memory.get("user:42"), "the chat goes on without its history");
        down = false;
        memory.add("user:42", new UserMessage("a read that failed on this thread is not saved over"));
        assertEquals(
                List.of("kept", "a read that failed on this thread is not saved over"), texts(memory.get("user:42")));
    }

    @Test
    void aServerThatRefusesTheTokenFailsTheChat() {
        MemoriaChatMemoryRepository repository = new MemoriaChatMemoryRepository(
                MemoriaClient.builder().baseUrl(client.baseUrl()).token("t").build(), id -> id);
        down = false;
        unauthorized = true;
        MemoriaException e = org.junit.jupiter.api.Assertions.assertThrows(
                MemoriaException.class, () -> repository.findByConversationId("user:42"));
        assertEquals(401, e.status());
    }

    private static List<String> texts(List<Message> messages) {
        return messages.stream().map(Message::getText).toList();
    }
}
