package dev.memoria.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client against a scripted HTTP server: what it sends, how it reads answers, problems and retries. */
class MemoriaClientTest {

    private record Answer(int status, String contentType, String body, Map<String, String> headers) {}

    private record Seen(
            String method,
            String uri,
            String authorization,
            String contentType,
            String body,
            String ifMatch,
            String ifNoneMatch) {}

    private HttpServer server;
    private final Deque<Answer> answers = new ArrayDeque<>();
    private final List<Seen> seen = new ArrayList<>();
    private final List<Duration> slept = new ArrayList<>();
    private final AtomicInteger tokens = new AtomicInteger();
    private MemoriaClient client;

    private static final String FACT = """
            {"id":"f1","scope":"user:42","key":null,"title":null,"content":"Prefers \\"Python\\"\\n",
             "category":"preferences","type":"semantic","importance":0.7,"persistent":true,"tags":["lang"],
             "source":"api","created_at":"2026-05-01T09:30:00.000Z","updated_at":"2026-05-01T09:30:00.000Z",
             "last_accessed_at":null,"access_count":0,"expires_at":null,"retention":1.0,"version":1,
             "valid_from":"2026-05-01T09:30:00.000Z","valid_to":null,"superseded_by":null}""";

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
        client = MemoriaClient.builder()
                .baseUrl("http://127.0.0.1:" + server.getAddress().getPort() + "/")
                .token(() -> "token-" + tokens.incrementAndGet())
                .sleeper(slept::add)
                .build();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        synchronized (this) {
            seen.add(new Seen(
                    exchange.getRequestMethod(),
                    exchange.getRequestURI().getRawPath()
                            + (exchange.getRequestURI().getRawQuery() == null
                                    ? ""
                                    : "?" + exchange.getRequestURI().getRawQuery()),
                    exchange.getRequestHeaders().getFirst("Authorization"),
                    exchange.getRequestHeaders().getFirst("Content-Type"),
                    body,
                    exchange.getRequestHeaders().getFirst("If-Match"),
                    exchange.getRequestHeaders().getFirst("If-None-Match")));
        }
        Answer answer =
                answers.isEmpty() ? new Answer(500, "text/plain", "no answer scripted", Map.of()) : answers.poll();
        answer.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
        exchange.getResponseHeaders().add("Content-Type", answer.contentType());
        byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            exchange.getResponseBody().write(bytes);
        }
        exchange.close();
    }

    private void answer(int status, String body) {
        answers.add(new Answer(status, "application/json", body, Map.of()));
    }

    @Test
    void remembersWithTheInputFieldsAndReadsTheFact() {
        answers.add(new Answer(
                200,
                "application/json",
                FACT.replace("\"key\":null", "\"key\":\"pref.lang\"")
                        .replace("}", ",\"reinforced\":true,\"superseded\":[\"f0\"]}"),
                Map.of()));
        Remembered r = client.remember(
                "user:42",
                FactInput.builder("Prefers \"Python\"")
                        .category("preferences")
                        .persistent(true)
                        .importance(0.7)
                        .type(FactType.SEMANTIC)
                        .tags("lang")
                        .build());
        Seen request = seen.get(0);
        assertEquals("POST", request.method());
        assertEquals("/api/v1/scopes/user:42/facts", request.uri());
        assertEquals("application/json", request.contentType());
        assertEquals("Bearer token-1", request.authorization());
        assertEquals(
                "{\"content\":\"Prefers \\\"Python\\\"\",\"category\":\"preferences\",\"type\":\"semantic\","
                        + "\"importance\":0.7,\"persistent\":true,\"tags\":[\"lang\"]}",
                request.body());
        assertTrue(r.reinforced());
        assertEquals(List.of("f0"), r.superseded());
        assertEquals("Prefers \"Python\"\n", r.fact().content());
        assertEquals(FactType.SEMANTIC, r.fact().type());
        assertEquals("pref.lang", r.fact().key());
        assertEquals(List.of("lang"), r.fact().tags());
        assertNull(r.fact().lastAccessedAt());
        assertTrue(r.fact().isCurrent());
    }

    @Test
    void recallSendsItsParametersEncoded() {
        answer(
                200,
                "{\"query\":\"q\",\"mode\":\"keyword\",\"items\":[{\"fact\":" + FACT
                        + ",\"score\":0.9,\"signals\":{\"keyword\":1.0,\"semantic\":null,\"importance\":0.7,\"retention\":1}}],"
                        + "\"context\":\"[semantic] Prefers Python\"}");
        Recall recall = client.recall(
                "agent:bot:user:42",
                RecallQuery.of("which language & why?")
                        .withLimit(3)
                        .withMode(RecallMode.KEYWORD)
                        .withCategory("preferences")
                        .asOf(java.time.Instant.parse("2026-05-01T10:00:00Z")));
        assertEquals(
                "/api/v1/scopes/agent:bot:user:42/recall?q=which%20language%20%26%20why%3F&limit=3&mode=keyword"
                        + "&category=preferences&as_of=2026-05-01T10%3A00%3A00Z",
                seen.get(0).uri());
        assertEquals(RecallMode.KEYWORD, recall.mode());
        assertNull(recall.items().get(0).signals().semantic());
        assertEquals(1.0, recall.items().get(0).signals().retention());
        assertEquals("f1", recall.facts().get(0).id());
    }

    @Test
    void recallAndContextOverSeveralScopesNameThemInOneParameter() {
        answer(
                200,
                "{\"query\":\"q\",\"mode\":\"hybrid\",\"items\":[{\"fact\":" + FACT
                        + ",\"score\":0.8,\"signals\":{\"keyword\":0.9,\"semantic\":0.5,\"importance\":0.7,\"retention\":1}}],"
                        + "\"context\":\"[semantic] Prefers Python\"}");
        Recall recall = client.recall(
                List.of("user:42", "agent:bot:user:42", "global"),
                RecallQuery.of("which language?").withLimit(4));
        assertEquals(
                "/api/v1/recall?q=which%20language%3F&limit=4&scopes=user%3A42%2Cagent%3Abot%3Auser%3A42%2Cglobal",
                seen.get(0).uri());
        assertEquals("f1", recall.facts().get(0).id());

        answers.add(new Answer(200, "text/plain", "[Relevant Memory]\n- Prefers Python", Map.of()));
        client.context(List.of("user:42", "global"), "language", 200);
        assertEquals(
                "/api/v1/context?scopes=user%3A42%2Cglobal&q=language&max_tokens=200",
                seen.get(1).uri());
    }

    @Test
    void aKeyTravelsAsAQueryParameterAndAMissingOneIsEmpty() {
        answer(404, "{\"type\":\"https://memoria.dev/problems/not-found\",\"title\":\"Not found\",\"status\":404}");
        assertTrue(client.getByKey("user:42", "a/b c#d").isEmpty());
        assertEquals(
                "/api/v1/scopes/user:42/facts/by-key?key=a%2Fb%20c%23d",
                seen.get(0).uri());
        answer(404, "{\"type\":\"https://memoria.dev/problems/not-found\",\"title\":\"Not found\",\"status\":404}");
        assertFalse(client.forgetByKey("user:42", "k"));
        assertEquals("DELETE", seen.get(1).method());
    }

    @Test
    void aWindowTravelsWholeWithItsIdAsAQueryParameter() {
        answer(
                201,
                "{\"scope\":\"user:42\",\"id\":\"a/b c\",\"content\":\"[1]\",\"size\":3,"
                        + "\"updated_at\":\"2026-01-01T00:00:00Z\"}");
        Window saved = client.saveWindow("user:42", "a/b c", "[1]");
        assertEquals(new Window("user:42", "a/b c", "[1]", 3, Instant.parse("2026-01-01T00:00:00Z")), saved);
        assertEquals("PUT", seen.get(0).method());
        assertEquals("/api/v1/scopes/user:42/window?id=a%2Fb%20c", seen.get(0).uri());
        assertEquals("{\"content\":\"[1]\"}", seen.get(0).body());
        answer(404, "{\"type\":\"https://memoria.dev/problems/not-found\",\"title\":\"Not found\",\"status\":404}");
        assertTrue(client.window("user:42", "x").isEmpty());
        answer(404, "{\"type\":\"https://memoria.dev/problems/not-found\",\"title\":\"Not found\",\"status\":404}");
        assertFalse(client.forgetWindow("user:42", "x"));
        answer(
                200,
                "{\"items\":[{\"id\":\"x\",\"size\":2,\"updated_at\":\"2026-01-01T00:00:00Z\"}],\"next_cursor\":null}");
        Window.Page page = client.windows("user:42", null, 10);
        assertEquals("/api/v1/scopes/user:42/windows?limit=10", seen.get(3).uri());
        assertEquals("x", page.items().get(0).id());
        assertEquals("user:42", page.items().get(0).scope());
        assertEquals(null, page.nextCursor());
    }

    @Test
    void aWindowCarriesItsETagAndIsSavedOnlyOverThatVersion() {
        String window = "{\"scope\":\"user:42\",\"id\":\"c\",\"content\":\"[1]\",\"size\":3,"
                + "\"updated_at\":\"2026-01-01T00:00:00Z\"}";
        answers.add(new Answer(200, "application/json", window, Map.of("ETag", "\"v1\"")));
        Window read = client.window("user:42", "c").orElseThrow();
        assertEquals("\"v1\"", read.etag());

        answers.add(new Answer(200, "application/json", window, Map.of("ETag", "\"v2\"")));
        assertEquals(
                "\"v2\"",
                client.saveWindow("user:42", "c", "[1,2]", read.etag()).etag());
        assertEquals("\"v1\"", seen.get(1).ifMatch());
        assertNull(seen.get(1).ifNoneMatch());

        answers.add(new Answer(
                412,
                "application/problem+json",
                "{\"type\":\"https://memoria.dev/problems/precondition-failed\",\"title\":\"Precondition failed\","
                        + "\"status\":412,\"detail\":\"the window changed\"}",
                Map.of()));
        MemoriaException e =
                assertThrows(MemoriaException.class, () -> client.saveWindow("user:42", "c", "[1,3]", "\"v1\""));
        assertTrue(e.isPreconditionFailed());
        assertEquals(3, seen.size(), "a 412 is not retried by the client");

        answers.add(new Answer(201, "application/json", window, Map.of("ETag", "\"v1\"")));
        client.createWindow("user:42", "d", "[1]");
        assertEquals("*", seen.get(3).ifNoneMatch());
        assertNull(seen.get(3).ifMatch());

        answers.add(new Answer(200, "application/json", window, Map.of()));
        client.saveWindow("user:42", "c", "[1]");
        assertNull(seen.get(4).ifMatch(), "an unconditional save sends no precondition");
    }

    @Test
    void aProblemBecomesOneExceptionWithItsFields() {
        answers.add(new Answer(
                400,
                "application/problem+json",
                "{\"type\":\"https://memoria.dev/problems/validation\",\"title\":\"Invalid input\",\"status\":400,"
                        + "\"detail\":\"2 fields are invalid\",\"errors\":[{\"field\":\"facts[0].content\","
                        + "\"message\":\"is required\"},{\"field\":\"facts[1].importance\",\"message\":\"must be between 0.0 and 1.0\"}]}",
                Map.of()));
        MemoriaException e = assertThrows(
                MemoriaException.class,
                () -> client.rememberAll("user:42", List.of(FactInput.of(""), FactInput.of("x"))));
        assertEquals(400, e.status());
        assertEquals("https://memoria.dev/problems/validation", e.type());
        assertEquals("Invalid input", e.title());
        assertEquals("2 fields are invalid", e.detail());
        assertEquals(
                List.of(
                        new MemoriaException.FieldError("facts[0].content", "is required"),
                        new MemoriaException.FieldError("facts[1].importance", "must be between 0.0 and 1.0")),
                e.errors());
        assertTrue(e.getMessage().contains("facts[0].content is required"), e.getMessage());
        assertEquals(
                "{\"facts\":[{\"content\":\"\"},{\"content\":\"x\"}]}",
                seen.get(0).body());
    }

    @Test
    void a429IsRetriedAfterWhatTheServerSaysWithAFreshToken() {
        answers.add(new Answer(429, "application/problem+json", "{\"status\":429}", Map.of("Retry-After", "2")));
        answers.add(new Answer(503, "application/problem+json", "{\"status\":503}", Map.of("Retry-After", "120")));
        answer(
                200,
                "{\"total_facts\":3,\"persistent_facts\":1,\"avg_importance\":0.5,\"avg_retention\":0.9,"
                        + "\"by_type\":{\"semantic\":3},\"by_category\":{\"general\":3},\"log_days\":1,\"log_entries\":3,"
                        + "\"snapshots\":0,\"embedded_facts\":3,\"embedding_backlog\":0}");
        Stats stats = client.stats("user:42");
        assertEquals(3, stats.totalFacts());
        assertEquals(Map.of("semantic", 3L), stats.byType());
        assertEquals(List.of(Duration.ofSeconds(2), Duration.ofSeconds(30)), slept, "capped at maxRetryWait");
        assertEquals(
                List.of("Bearer token-1", "Bearer token-2", "Bearer token-3"),
                seen.stream().map(Seen::authorization).toList());
    }

    @Test
    void retriesEndAndThe429IsReported() {
        for (int i = 0; i < 4; i++) {
            answers.add(new Answer(
                    429,
                    "application/problem+json",
                    "{\"type\":\"https://memoria.dev/problems/rate-limited\",\"title\":\"Too many requests\",\"status\":429}",
                    Map.of("Retry-After", "1")));
        }
        MemoriaException e = assertThrows(MemoriaException.class, () -> client.context("user:42"));
        assertEquals(429, e.status());
        assertEquals(Duration.ofSeconds(1), e.retryAfter());
        assertEquals(4, seen.size(), "the first try and three retries");
        assertEquals(3, slept.size());
    }

    @Test
    void a503WithoutRetryAfterAndA500AreNotRetried() {
        answers.add(new Answer(503, "text/html", "<html>down</html>", Map.of()));
        MemoriaException e = assertThrows(MemoriaException.class, () -> client.stats("user:42"));
        assertEquals(503, e.status());
        assertEquals("<html>down</html>", e.detail());
        assertEquals(1, seen.size());
        assertTrue(slept.isEmpty());
    }

    @Test
    void anUnreachableServerIsAnExceptionWithStatusZero() {
        server.stop(0);
        MemoriaException e = assertThrows(MemoriaException.class, () -> client.stats("user:42"));
        assertEquals(0, e.status());
        assertTrue(e.isUnreachable());
        assertFalse(e.isNotFound());
        assertTrue(
                e.getMessage().startsWith("Memoria could not be reached at " + client.baseUrl() + ": "),
                e.getMessage());
        assertFalse(e.getMessage().contains("null"), e.getMessage());
        assertTrue(e.getMessage().contains("Connection refused"), e.getMessage());
    }

    @Test
    void aCauseWithoutAMessageIsNamedByItsClass() {
        assertEquals(
                "ClosedChannelException",
                MemoriaClient.reason(new java.io.IOException(new java.nio.channels.ClosedChannelException())));
        assertEquals(
                "Connection refused",
                MemoriaClient.reason(new java.io.IOException(new java.net.ConnectException("Connection refused"))));
        java.net.ConnectException refused = new java.net.ConnectException();
        refused.initCause(new java.nio.channels.ClosedChannelException());
        assertEquals("Connection refused", MemoriaClient.reason(refused), "what the JDK HttpClient throws");
        assertEquals("Connection reset", MemoriaClient.reason(new java.io.IOException("Connection reset")));
    }

    @Test
    void aValidationProblemOfOneFieldNamesItOnce() {
        answers.add(new Answer(
                400,
                "application/problem+json",
                "{\"type\":\"https://memoria.dev/problems/validation\",\"title\":\"Invalid input\",\"status\":400,"
                        + "\"detail\":\"importance: must be between 0.0 and 1.0\",\"errors\":[{\"field\":\"importance\","
                        + "\"message\":\"must be between 0.0 and 1.0\"}]}",
                Map.of()));
        MemoriaException e = assertThrows(MemoriaException.class, () -> client.remember("user:42", "x"));
        assertEquals("400 Invalid input: importance: must be between 0.0 and 1.0", e.getMessage());
        assertEquals(1, e.errors().size());
    }

    @Test
    void aWindowOverTheLimitSaysSo() {
        answers.add(new Answer(
                400,
                "application/problem+json",
                "{\"type\":\"https://memoria.dev/problems/validation\",\"title\":\"Invalid input\",\"status\":400,"
                        + "\"detail\":\"content: must be at most 1000000 characters\",\"errors\":[{\"field\":\"content\","
                        + "\"message\":\"must be at most 1000000 characters\"}]}",
                Map.of()));
        MemoriaException e = assertThrows(
                MemoriaException.class, () -> client.saveWindow("user:42", "chat-1", "x".repeat(1_000_001)));
        assertEquals(400, e.status());
        assertTrue(
                e.getMessage().contains("chat window chat-1 of scope user:42 is too large: 1000001 characters"),
                e.getMessage());
        assertFalse(e.getMessage().startsWith("content:"), e.getMessage());
        assertEquals("content", e.errors().get(0).field());
    }

    @Test
    void unauthorizedAndNotFoundAreNamed() {
        answers.add(new Answer(
                401,
                "application/problem+json",
                "{\"type\":\"https://memoria.dev/problems/unauthorized\",\"title\":\"Unauthorized\",\"status\":401}",
                Map.of()));
        MemoriaException e = assertThrows(MemoriaException.class, () -> client.stats("user:42"));
        assertTrue(e.isUnauthorized());
        assertFalse(e.isUnreachable());
        assertFalse(e.isNotFound());
    }

    @Test
    void learnAndContextAndSnapshots() {
        answer(200, "{\"added\":[" + FACT + "],\"reinforced\":[],\"skipped\":1}");
        Learned learned = client.learn("user:42", List.of(Turn.user("I use Python"), Turn.assistant("Noted")));
        assertEquals(1, learned.added().size());
        assertEquals(1, learned.skipped());
        assertEquals(
                "{\"turns\":[{\"role\":\"user\",\"content\":\"I use Python\"},{\"role\":\"assistant\",\"content\":\"Noted\"}]}",
                seen.get(0).body());

        answers.add(new Answer(200, "text/plain", "[Long-term Memory]\n## preferences\n- Prefers Python\n", Map.of()));
        assertTrue(client.context("user:42", "python", 100, null).contains("- Prefers Python"));
        assertEquals(
                "/api/v1/scopes/user:42/context?q=python&max_tokens=100",
                seen.get(1).uri());

        answer(201, "{\"name\":\"before\",\"created_at\":\"2026-05-01T09:30:00.000Z\",\"facts\":2}");
        assertEquals(2, client.snapshot("user:42", "before").facts());
        answer(
                200,
                "{\"added\":[" + FACT + "],\"removed\":[],\"changed\":[{\"before\":" + FACT + ",\"after\":" + FACT
                        + "}]}");
        Snapshot.Diff diff = client.diff("user:42", "before", null);
        assertEquals(1, diff.added().size());
        assertEquals("f1", diff.changed().get(0).after().id());
        assertEquals("/api/v1/scopes/user:42/snapshots/before/diff", seen.get(3).uri());
    }

    @Test
    void jsonRoundTrips() {
        Object parsed = Json.parse("{\"a\":[1,2.5,-3e2,true,false,null,\"\\u00e9\\t\\\"\"],\"b\":{}}");
        assertEquals(
                Map.of("a", java.util.Arrays.asList(1L, 2.5, -300.0, true, false, null, "é\t\""), "b", Map.of()),
                parsed);
        assertEquals("{\"a\":[1,2.5,-300,true,false,null,\"é\\t\\\"\"],\"b\":{}}", Json.write(parsed));
        assertThrows(IllegalArgumentException.class, () -> Json.parse("{\"a\":1} x"));
        assertThrows(IllegalArgumentException.class, () -> Json.parse("[1,"));
    }
}
