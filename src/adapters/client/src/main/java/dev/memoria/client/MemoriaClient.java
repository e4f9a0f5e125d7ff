package dev.memoria.client;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Memoria's REST API from Java: one instance per server, thread-safe, reused. Every call names the scope it works
 * in ({@code user:42}); every error answer is a {@link MemoriaException}.
 *
 * <pre>{@code
 * MemoriaClient memoria = MemoriaClient.builder()
 *         .baseUrl("http://localhost:9080")
 *         .token(() -> identityProvider.currentToken())
 *         .build();
 * memoria.remember("user:42", FactInput.builder("Prefers Python").category("preferences").persistent(true).build());
 * Recall recall = memoria.recall("user:42", RecallQuery.of("which language?").withLimit(3));
 * }</pre>
 *
 * <p>A {@code 429} (over a rate limit) or a {@code 503} with {@code Retry-After} (a transaction that lost to a
 * concurrent one, rolled back whole; or too many extractions in flight) wrote nothing, so the client waits as long as
 * the server asks, at most {@link Builder#maxRetryWait}, and tries again, at most {@link Builder#maxRetries} times.
 */
public final class MemoriaClient {

    /** Waits between retries; tests replace it. */
    interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    private static final String JSON = "application/json";
    private static final String USER_AGENT = "memoria-java-client/"
            + Optional.ofNullable(MemoriaClient.class.getPackage().getImplementationVersion())
                    .orElse("dev");

    private final URI base;
    private final Supplier<String> token;
    private final HttpClient http;
    private final Duration requestTimeout;
    private final int maxRetries;
    private final Duration maxRetryWait;
    private final Sleeper sleeper;

    private MemoriaClient(Builder b) {
        String url = Objects.requireNonNull(b.baseUrl, "baseUrl").toString();
        this.base = URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
        this.token = Objects.requireNonNull(b.token, "token");
        this.http = b.httpClient != null
                ? b.httpClient
                : HttpClient.newBuilder()
                        .connectTimeout(b.connectTimeout)
                        .followRedirects(HttpClient.Redirect.NEVER)
                        .build();
        this.requestTimeout = b.requestTimeout;
        this.maxRetries = b.maxRetries;
        this.maxRetryWait = b.maxRetryWait;
        this.sleeper = b.sleeper;
    }

    public static Builder builder() {
        return new Builder();
    }

    public URI baseUrl() {
        return base;
    }

    // ---- facts

    /** {@code POST /facts}: a new fact, or the near-duplicate it reinforced, or the fact of its key it replaced. */
    public Remembered remember(String scope, FactInput fact) {
        return Remembered.from(object(send("POST", scopePath(scope) + "/facts", fact.toJson())));
    }

    public Remembered remember(String scope, String content) {
        return remember(scope, FactInput.of(content));
    }

    /** {@code POST /facts:batch}: 1–1,000 facts in one transaction; one bad fact writes none of them. */
    public BatchResult rememberAll(String scope, List<FactInput> facts) {
        List<Object> items = new ArrayList<>();
        facts.forEach(f -> items.add(f.toJson()));
        return BatchResult.from(object(send("POST", scopePath(scope) + "/facts:batch", Map.of("facts", items))));
    }

    /** {@code GET /facts/{id}}; a fact that is not there is a {@link MemoriaException} with status 404. */
    public Fact get(String scope, String id) {
        return Fact.from(object(send("GET", scopePath(scope) + "/facts/" + segment(id), null)));
    }

    /** {@code GET /facts}: one page, newest first. */
    public FactPage list(String scope, ListQuery query) {
        return FactPage.from(object(send("GET", scopePath(scope) + "/facts" + query.toQuery(), null)));
    }

    public FactPage list(String scope) {
        return list(scope, ListQuery.all());
    }

    /** {@code DELETE /facts/{id}}: the fact, its versions and its daily-log entries. */
    public void forget(String scope, String id) {
        send("DELETE", scopePath(scope) + "/facts/" + segment(id), null);
    }

    /**
     * {@code PUT /facts/by-key?key=}: creates the fact of the key, or replaces it (fields not sent return to their
     * defaults, {@code id} and {@code created_at} stay). The key travels as a query parameter, which every proxy
     * and Liberty pass as it is.
     */
    public Fact save(String scope, String key, FactInput fact) {
        Map<String, Object> body = fact.toJson();
        body.remove("key");
        return Fact.from(object(send("PUT", byKey(scope, key), body)));
    }

    /** {@code GET /facts/by-key?key=}, empty when no current fact holds the key. */
    public Optional<Fact> getByKey(String scope, String key) {
        try {
            return Optional.of(Fact.from(object(send("GET", byKey(scope, key), null))));
        } catch (MemoriaException e) {
            if (e.isNotFound()) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** {@code DELETE /facts/by-key?key=}; false when no fact held the key. */
    public boolean forgetByKey(String scope, String key) {
        try {
            send("DELETE", byKey(scope, key), null);
            return true;
        } catch (MemoriaException e) {
            if (e.isNotFound()) {
                return false;
            }
            throw e;
        }
    }

    // ---- conversation windows

    /**
     * {@code PUT /window?id=}: saves a conversation's window in the scope, replacing its content whole (one row on the
     * server: no fact, version, log entry or vector). The id travels as a query parameter, so any id a fact key may
     * be (1–128 characters, no control characters, no space at either end) passes every proxy and Liberty as it is.
     */
    public Window saveWindow(String scope, String id, String content) {
        return putWindow(scope, id, content, Map.of());
    }

    /**
     * {@code PUT /window?id=} with {@code If-Match}: replaces the window only while it is still the version of
     * {@code ifMatch} (the {@link Window#etag()} it was read with), else a {@link MemoriaException} with
     * {@link MemoriaException#isPreconditionFailed()} and nothing written. A null {@code ifMatch} saves
     * unconditionally, as {@link #saveWindow(String, String, String)}.
     */
    public Window saveWindow(String scope, String id, String content, String ifMatch) {
        return putWindow(scope, id, content, ifMatch == null ? Map.of() : Map.of("If-Match", ifMatch));
    }

    /**
     * {@code PUT /window?id=} with {@code If-None-Match: *}: creates the window only if the scope has none of that id,
     * else a {@link MemoriaException} with {@link MemoriaException#isPreconditionFailed()} and nothing written.
     */
    public Window createWindow(String scope, String id, String content) {
        return putWindow(scope, id, content, Map.of("If-None-Match", "*"));
    }

    private Window putWindow(String scope, String id, String content, Map<String, String> headers) {
        try {
            HttpResponse<String> response =
                    send("PUT", windowPath(scope, id), Map.of("content", Objects.requireNonNull(content)), headers);
            return Window.from(object(response.body()), etag(response));
        } catch (MemoriaException e) {
            throw tooLarge(e, scope, id, content);
        }
    }

    private static String etag(HttpResponse<?> response) {
        return response.headers().firstValue("ETag").orElse(null);
    }

    /** The server's "content: must be at most N characters" of a window, in the words of the window it was. */
    private static MemoriaException tooLarge(MemoriaException e, String scope, String id, String content) {
        if (e.status() == 400 && e.errors().stream().anyMatch(f -> "content".equals(f.field()))) {
            String limit = e.errors().stream()
                    .filter(f -> "content".equals(f.field()))
                    .map(MemoriaException.FieldError::message)
                    .findFirst()
                    .orElse("");
            return e.withDetail("chat window " + id + " of scope " + scope + " is too large: "
                    + content.codePointCount(0, content.length()) + " characters, the server's limit: " + limit
                    + " (keep fewer messages in the chat memory)");
        }
        return e;
    }

    /**
     * {@code GET /window?id=}, empty when the scope has no window of that id; its {@link Window#etag()} is what
     * {@link #saveWindow(String, String, String, String)} takes to replace this version only.
     */
    public Optional<Window> window(String scope, String id) {
        try {
            HttpResponse<String> response = send("GET", windowPath(scope, id), null, Map.of());
            return Optional.of(Window.from(object(response.body()), etag(response)));
        } catch (MemoriaException e) {
            if (e.isNotFound()) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** {@code DELETE /window?id=}; false when the scope had no window of that id. */
    public boolean forgetWindow(String scope, String id) {
        try {
            send("DELETE", windowPath(scope, id), null);
            return true;
        } catch (MemoriaException e) {
            if (e.isNotFound()) {
                return false;
            }
            throw e;
        }
    }

    /** {@code GET /windows}: one page of the scope's windows, by id, without their contents. */
    public Window.Page windows(String scope, String cursor, Integer limit) {
        return Window.Page.from(
                scope,
                object(send(
                        "GET",
                        scopePath(scope) + "/windows"
                                + new Query().add("limit", limit).add("cursor", cursor),
                        null)));
    }

    // ---- retrieval

    /** {@code GET /recall}: ranked facts for a prompt (they are reinforced). */
    public Recall recall(String scope, RecallQuery query) {
        return Recall.from(object(send("GET", scopePath(scope) + "/recall" + query.toQuery(), null)));
    }

    public Recall recall(String scope, String q) {
        return recall(scope, RecallQuery.of(q));
    }

    /**
     * {@code GET /api/v1/recall?scopes=…}: the facts of several scopes (1–10, each one the token may read, else
     * 403) ranked on one scale, each item carrying its scope; of two scopes' values of one thing the newer first.
     */
    public Recall recall(List<String> scopes, RecallQuery query) {
        String path = "/api/v1/recall" + query.toQuery();
        String joined = Query.encode(String.join(",", scopes));
        return Recall.from(object(send("GET", path + (path.contains("?") ? "&" : "?") + "scopes=" + joined, null)));
    }

    /** {@code GET /api/v1/context?scopes=…}: one prompt block over several scopes. */
    public String context(List<String> scopes, String q, Integer maxTokens) {
        Query query =
                new Query().add("scopes", String.join(",", scopes)).add("q", q).add("max_tokens", maxTokens);
        return text("/api/v1/context" + query, "text/plain");
    }

    /** {@code GET /search}: pure BM25, best first, nothing reinforced. */
    public List<Fact> search(String scope, String q, int topK) {
        Map<String, Object> o = object(send(
                "GET", scopePath(scope) + "/search" + new Query().add("q", q).add("top_k", topK), null));
        return JsonRead.objects(o, "items", Fact::from);
    }

    /** {@code GET /context}: the prompt block (long-term, relevant for {@code q} when given, recent). */
    public String context(String scope, String q, Integer maxTokens, Instant asOf) {
        Query query = new Query().add("q", q).add("max_tokens", maxTokens).add("as_of", asOf);
        return text(scopePath(scope) + "/context" + query, "text/plain");
    }

    public String context(String scope) {
        return context(scope, null, null, null);
    }

    // ---- learn, snapshots, stats, scopes

    /** {@code POST /learn} with the built-in {@code rules} provider (or the one given). */
    public Learned learn(String scope, List<Turn> turns, String provider) {
        Map<String, Object> body = new LinkedHashMap<>();
        List<Object> items = new ArrayList<>();
        turns.forEach(t -> items.add(t.toJson()));
        body.put("turns", items);
        if (provider != null) {
            body.put("provider", provider);
        }
        return Learned.from(object(send("POST", scopePath(scope) + "/learn", body)));
    }

    public Learned learn(String scope, List<Turn> turns) {
        return learn(scope, turns, null);
    }

    public Snapshot snapshot(String scope, String name) {
        return Snapshot.from(object(send("POST", scopePath(scope) + "/snapshots", Map.of("name", name))));
    }

    public List<Snapshot> snapshots(String scope) {
        return JsonRead.objects(object(send("GET", scopePath(scope) + "/snapshots", null)), "items", Snapshot::from);
    }

    public void deleteSnapshot(String scope, String name) {
        send("DELETE", scopePath(scope) + "/snapshots/" + segment(name), null);
    }

    /** Makes the scope's facts exactly the snapshot's; returns how many it restored. */
    public long restore(String scope, String name) {
        return JsonRead.longValue(
                object(send("POST", scopePath(scope) + "/snapshots/" + segment(name) + "/restore", null)), "restored");
    }

    /** From the snapshot to {@code against}: {@code current} (null) or another snapshot's name. */
    public Snapshot.Diff diff(String scope, String name, String against) {
        return Snapshot.Diff.from(object(send(
                "GET",
                scopePath(scope) + "/snapshots/" + segment(name) + "/diff" + new Query().add("against", against),
                null)));
    }

    public Stats stats(String scope) {
        return Stats.from(object(send("GET", scopePath(scope) + "/stats", null)));
    }

    /** {@code GET /api/v1/scopes}: the scopes the token may see, by name, one page. */
    public ScopeInfo.Page scopes(String cursor, Integer limit) {
        return ScopeInfo.Page.from(object(
                send("GET", "/api/v1/scopes" + new Query().add("limit", limit).add("cursor", cursor), null)));
    }

    /** {@code DELETE /api/v1/scopes/{scope}} ({@code memory.admin}): facts, logs, snapshots and windows of the scope. */
    public void clearScope(String scope) {
        send("DELETE", scopePath(scope), null);
    }

    // ---- HTTP

    private static String scopePath(String scope) {
        return "/api/v1/scopes/" + segment(Objects.requireNonNull(scope, "scope"));
    }

    private static String byKey(String scope, String key) {
        return scopePath(scope) + "/facts/by-key" + new Query().add("key", Objects.requireNonNull(key, "key"));
    }

    private static String windowPath(String scope, String id) {
        return scopePath(scope) + "/window" + new Query().add("id", Objects.requireNonNull(id, "id"));
    }

    /**
     * A path segment: scope names keep their {@code :} and {@code @}, anything else is percent-encoded, and a dot
     * segment's dots too, so no name can climb the path (the server refuses it with a problem).
     */
    static String segment(String value) {
        if (value.equals(".") || value.equals("..")) {
            return value.replace(".", "%2E");
        }
        return Query.encode(value).replace("%3A", ":").replace("%40", "@");
    }

    private static Map<String, Object> object(String body) {
        return JsonRead.object(Json.parse(body));
    }

    private String text(String path, String accept) {
        return exchange(request(path, accept).GET().build()).body();
    }

    private String send(String method, String path, Object body) {
        return send(method, path, body, Map.of()).body();
    }

    private HttpResponse<String> send(String method, String path, Object body, Map<String, String> headers) {
        HttpRequest.Builder request = request(path, JSON);
        headers.forEach(request::header);
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", JSON)
                    .method(method, HttpRequest.BodyPublishers.ofString(Json.write(body), StandardCharsets.UTF_8));
        }
        return exchange(request.build());
    }

    private HttpRequest.Builder request(String path, String accept) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path))
                .header("Accept", accept + ", application/problem+json")
                .header("User-Agent", USER_AGENT);
        if (requestTimeout != null) {
            b.timeout(requestTimeout);
        }
        return b;
    }

    private HttpResponse<String> exchange(HttpRequest template) {
        for (int attempt = 0; ; attempt++) {
            HttpRequest request = HttpRequest.newBuilder(template, (name, value) -> true)
                    .setHeader("Authorization", "Bearer " + token.get())
                    .build();
            HttpResponse<String> response;
            try {
                response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            } catch (HttpTimeoutException e) {
                throw new MemoriaException(
                        "Memoria did not answer " + request.method() + " "
                                + request.uri().getPath() + " in time",
                        e);
            } catch (IOException e) {
                throw new MemoriaException("Memoria could not be reached at " + base + ": " + reason(e), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new MemoriaException("Interrupted", e);
            }
            int status = response.statusCode();
            if (status < 400) {
                return response;
            }
            Duration retryAfter = retryAfter(response);
            if ((status == 429 || status == 503) && retryAfter != null && attempt < maxRetries) {
                try {
                    sleeper.sleep(retryAfter.compareTo(maxRetryWait) > 0 ? maxRetryWait : retryAfter);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw problem(response, retryAfter);
                }
                continue;
            }
            throw problem(response, retryAfter);
        }
    }

    /**
     * Why a request failed, for a message: the first message of the cause chain that says something (not the
     * {@code toString} of its cause, which the JDK makes the message of a wrapper); else, for the JDK HttpClient's
     * {@code ConnectException} without a message (its cause a {@code ClosedChannelException}), "Connection refused",
     * which is what it means; else the innermost cause's class. Never "null".
     */
    static String reason(Throwable e) {
        Throwable innermost = e;
        boolean connect = false;
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String m = t.getMessage();
            if (m != null
                    && !m.isBlank()
                    && (t.getCause() == null || !m.equals(t.getCause().toString()))) {
                return m;
            }
            connect |= t instanceof java.net.ConnectException;
            innermost = t;
        }
        return connect ? "Connection refused" : innermost.getClass().getSimpleName();
    }

    private static Duration retryAfter(HttpResponse<?> response) {
        Optional<String> value = response.headers().firstValue("Retry-After");
        if (value.isEmpty()) {
            return null;
        }
        String v = value.get().trim();
        try {
            return Duration.ofSeconds(Math.max(0, Long.parseLong(v)));
        } catch (NumberFormatException notSeconds) {
            try {
                Duration d =
                        Duration.between(Instant.now(), ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME));
                return d.isNegative() ? Duration.ZERO : d;
            } catch (DateTimeParseException notADate) {
                return null;
            }
        }
    }

    private static MemoriaException problem(HttpResponse<String> response, Duration retryAfter) {
        int status = response.statusCode();
        String body = response.body() == null ? "" : response.body();
        String contentType = response.headers().firstValue("Content-Type").orElse("");
        if (contentType.contains("json") && !body.isBlank()) {
            try {
                Map<String, Object> p = object(body);
                List<MemoriaException.FieldError> errors = JsonRead.objects(
                        p,
                        "errors",
                        e -> new MemoriaException.FieldError(
                                JsonRead.string(e, "field"), JsonRead.string(e, "message")));
                return new MemoriaException(
                        status,
                        JsonRead.string(p, "type"),
                        JsonRead.string(p, "title"),
                        JsonRead.string(p, "detail"),
                        errors,
                        retryAfter);
            } catch (IllegalArgumentException notAProblem) {
                // fall through: report the status with the start of the body
            }
        }
        String detail = body.length() > 200 ? body.substring(0, 200) + "…" : body;
        return new MemoriaException(
                status, null, "HTTP " + status, detail.isBlank() ? null : detail, List.of(), retryAfter);
    }

    /** Configures a {@link MemoriaClient}. */
    public static final class Builder {
        private Object baseUrl;
        private Supplier<String> token;
        private HttpClient httpClient;
        private Duration connectTimeout = Duration.ofSeconds(5);
        private Duration requestTimeout = Duration.ofSeconds(30);
        private int maxRetries = 3;
        private Duration maxRetryWait = Duration.ofSeconds(30);
        private Sleeper sleeper = d -> Thread.sleep(d.toMillis());

        private Builder() {}

        /** The server, such as {@code http://localhost:9080} (no {@code /api/v1}). */
        public Builder baseUrl(String baseUrl) {
            this.baseUrl = baseUrl;
            return this;
        }

        public Builder baseUrl(URI baseUrl) {
            this.baseUrl = baseUrl;
            return this;
        }

        /** A fixed bearer token. */
        public Builder token(String token) {
            Objects.requireNonNull(token, "token");
            this.token = () -> token;
            return this;
        }

        /** Asked for the bearer token before every request, so an expiring token can be renewed. */
        public Builder token(Supplier<String> token) {
            this.token = token;
            return this;
        }

        /** Your own {@link HttpClient} (proxy, TLS, executor); {@link #connectTimeout} is then yours to set. */
        public Builder httpClient(HttpClient httpClient) {
            this.httpClient = httpClient;
            return this;
        }

        /** Default 5 seconds. */
        public Builder connectTimeout(Duration connectTimeout) {
            this.connectTimeout = Objects.requireNonNull(connectTimeout);
            return this;
        }

        /** How long one request may take until its answer's headers; default 30 seconds, null for no limit. */
        public Builder requestTimeout(Duration requestTimeout) {
            this.requestTimeout = requestTimeout;
            return this;
        }

        /** Retries of a 429 or a 503 with {@code Retry-After}; default 3, 0 for none. */
        public Builder maxRetries(int maxRetries) {
            if (maxRetries < 0) {
                throw new IllegalArgumentException("maxRetries < 0");
            }
            this.maxRetries = maxRetries;
            return this;
        }

        /** The longest wait between two tries, whatever {@code Retry-After} says; default 30 seconds. */
        public Builder maxRetryWait(Duration maxRetryWait) {
            this.maxRetryWait = Objects.requireNonNull(maxRetryWait);
            return this;
        }

        Builder sleeper(Sleeper sleeper) {
            this.sleeper = sleeper;
            return this;
        }

        public MemoriaClient build() {
            return new MemoriaClient(this);
        }
    }
}
