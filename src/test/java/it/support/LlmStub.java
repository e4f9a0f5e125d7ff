package it.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A stand-in for OpenAI (and compatible) and Anthropic on it.llm.port, where the test server is told to send
 * its LLM calls. Tests queue what the provider answers next and read back what it was sent.
 */
public final class LlmStub {

    /** One scripted answer: HTTP status, the model's text, and how long to wait before answering. */
    public record Answer(int status, String modelText, long delayMillis) {
        public static Answer text(String modelText) {
            return new Answer(200, modelText, 0);
        }

        public static Answer status(int status) {
            return new Answer(status, null, 0);
        }

        public static Answer slow(long delayMillis) {
            return new Answer(200, "{\"facts\":[]}", delayMillis);
        }
    }

    /** A request as the provider received it. */
    public record Received(String path, Map<String, List<String>> headers, JsonObject body) {
        public String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0))
                    .findFirst()
                    .orElse(null);
        }
    }

    private static LlmStub instance;

    private final Deque<Answer> answers = new ConcurrentLinkedDeque<>();
    private final List<Received> received = new CopyOnWriteArrayList<>();

    private LlmStub() throws IOException {
        int port = Integer.parseInt(System.getProperty("it.llm.port", "9391"));
        HttpServer server = HttpServer.create(new InetSocketAddress("localhost", port), 16);
        server.createContext("/", this::handle);
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "llm-stub");
            thread.setDaemon(true);
            return thread;
        }));
        server.start();
    }

    public static synchronized LlmStub start() {
        if (instance == null) {
            try {
                instance = new LlmStub();
            } catch (IOException e) {
                throw new IllegalStateException("cannot start the LLM stub", e);
            }
        }
        return instance;
    }

    /** Forgets queued answers and received requests. */
    public void reset() {
        answers.clear();
        received.clear();
    }

    public void enqueue(Answer... next) {
        answers.addAll(List.of(next));
    }

    public List<Received> received() {
        return new ArrayList<>(received);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange;
                InputStream in = exchange.getRequestBody()) {
            String body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            JsonObject json;
            try (JsonReader reader = Json.createReader(new StringReader(body))) {
                json = reader.readObject();
            }
            String path = exchange.getRequestURI().getPath();
            received.add(new Received(path, Map.copyOf(exchange.getRequestHeaders()), json));
            Answer answer = answers.isEmpty() ? Answer.status(500) : answers.poll();
            if (answer.delayMillis() > 0) {
                Thread.sleep(answer.delayMillis());
            }
            String reply = answer.status() != 200
                    ? "{\"error\":{\"message\":\"scripted " + answer.status() + "\"}}"
                    : path.startsWith("/anthropic")
                            ? anthropic(answer.modelText())
                            : chatCompletion(answer.modelText());
            byte[] bytes = reply.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(answer.status(), bytes.length);
            exchange.getResponseBody().write(bytes);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException ignored) {
            // the server under test gave up waiting (the timeout test): nothing to answer
        }
    }

    private static String chatCompletion(String text) {
        return Json.createObjectBuilder()
                .add("id", "chatcmpl-it")
                .add("object", "chat.completion")
                .add(
                        "choices",
                        Json.createArrayBuilder()
                                .add(Json.createObjectBuilder()
                                        .add("index", 0)
                                        .add(
                                                "message",
                                                Json.createObjectBuilder()
                                                        .add("role", "assistant")
                                                        .add("content", text))
                                        .add("finish_reason", "stop")))
                .build()
                .toString();
    }

    private static String anthropic(String text) {
        return Json.createObjectBuilder()
                .add("id", "msg_it")
                .add("type", "message")
                .add("role", "assistant")
                .add(
                        "content",
                        Json.createArrayBuilder()
                                .add(Json.createObjectBuilder()
                                        .add("type", "text")
                                        .add("text", text)))
                .add("stop_reason", "end_turn")
                .build()
                .toString();
    }
}
