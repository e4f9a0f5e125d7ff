package it.support;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** A small HTTP client for the REST contract, as an agent backend would call it. */
public final class Api {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private final URI base;
    private final String token;
    private final Duration timeout;

    public Api(URI base, String token) {
        this(base, token, Duration.ofSeconds(60));
    }

    private Api(URI base, String token, Duration timeout) {
        this.base = base;
        this.token = token;
        this.timeout = timeout;
    }

    /** The same client waiting longer for an answer: a job run over a soak's whole database, say. */
    public Api waiting(Duration longer) {
        return new Api(base, token, longer);
    }

    public static URI serverBase() {
        return URI.create("http://localhost:" + System.getProperty("it.http.port", "9080") + "/");
    }

    public Api as(String otherToken) {
        return new Api(base, otherToken, timeout);
    }

    public Reply get(String path) {
        return send("GET", path, null, null);
    }

    public Reply delete(String path) {
        return send("DELETE", path, null, null);
    }

    public Reply post(String path, String json) {
        return send("POST", path, json, "application/json");
    }

    public Reply put(String path, String json) {
        return send("PUT", path, json, "application/json");
    }

    public Reply patch(String path, String json) {
        return send("PATCH", path, json, "application/json");
    }

    public Reply send(String method, String path, String body, String contentType) {
        return send(method, path, body, contentType, java.util.Map.of());
    }

    /** A request with headers of its own, such as {@code If-Match}. */
    public Reply send(
            String method, String path, String body, String contentType, java.util.Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(
                        base.resolve(path.startsWith("/") ? path.substring(1) : path))
                .timeout(timeout)
                .method(
                        method,
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        headers.forEach(request::header);
        try {
            HttpResponse<String> response =
                    HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Reply(response);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Remembers a new fact ({@code json}, the request body) in the scope; fails unless it was created (201). */
    public JsonObject remember(String scope, String json) {
        Reply reply = post("api/v1/scopes/" + scope + "/facts", json);
        if (reply.status() != 201) {
            throw new AssertionError("Expected a new fact (201): " + reply);
        }
        return reply.json();
    }

    /** As {@link #remember}, where the fact may be there already: created (201) or reinforced (200). */
    public JsonObject rememberOrReinforce(String scope, String json) {
        Reply reply = post("api/v1/scopes/" + scope + "/facts", json);
        if (reply.status() != 201 && reply.status() != 200) {
            throw new AssertionError("Expected the fact created (201) or reinforced (200): " + reply);
        }
        return reply.json();
    }

    public static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** A response with its body parsed on demand. */
    public record Reply(HttpResponse<String> response) {

        public int status() {
            return response.statusCode();
        }

        public String body() {
            return response.body();
        }

        public String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }

        public String contentType() {
            return header("Content-Type");
        }

        public JsonObject json() {
            try (JsonReader reader = Json.createReader(new StringReader(response.body()))) {
                return reader.readObject();
            } catch (RuntimeException e) {
                throw new AssertionError("Not a JSON object (status " + status() + "): " + response.body(), e);
            }
        }

        public JsonArray items() {
            return json().getJsonArray("items");
        }

        @Override
        public String toString() {
            return status() + " " + response.body();
        }
    }
}
