package dev.memoria.cli;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Supplier;

/** Memoria's REST API as the CLI calls it: bearer token, JSON in and out, problems turned into {@link Refused}. */
final class ServerClient {

    /** The server answered with a problem (or something that is not a success). */
    static final class Refused extends RuntimeException {
        private final int status;
        private final JsonObject problem;

        Refused(int status, JsonObject problem) {
            super(problem.getString("title", "HTTP " + status) + ": " + problem.getString("detail", ""));
            this.status = status;
            this.problem = problem;
        }

        int status() {
            return status;
        }

        JsonObject problem() {
            return problem;
        }
    }

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    private final URI base;
    private final String token;

    ServerClient(String url, String token) {
        this.base = URI.create(url.endsWith("/") ? url : url + "/");
        this.token = token;
    }

    static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    JsonObject getJson(String path) throws IOException, InterruptedException {
        return json(send("GET", path, HttpRequest.BodyPublishers.noBody(), null));
    }

    String getText(String path) throws IOException, InterruptedException {
        return send("GET", path, HttpRequest.BodyPublishers.noBody(), null).body();
    }

    JsonObject send(String method, String path, String json) throws IOException, InterruptedException {
        return json(send(
                method,
                path,
                json == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8),
                json == null ? null : "application/json"));
    }

    /** POSTs a stream of JSON lines (an import), read as the request goes out. */
    JsonObject postLines(String path, Supplier<InputStream> lines) throws IOException, InterruptedException {
        return json(send("POST", path, HttpRequest.BodyPublishers.ofInputStream(lines), "application/x-ndjson"));
    }

    /** GETs a body straight into a file; a refusal is read from the file and thrown. */
    void download(String path, Path file) throws IOException, InterruptedException {
        HttpResponse<Path> response = http.send(
                request("GET", path, HttpRequest.BodyPublishers.noBody(), null),
                HttpResponse.BodyHandlers.ofFile(file));
        if (response.statusCode() / 100 != 2) {
            throw refused(response.statusCode(), java.nio.file.Files.readString(file));
        }
    }

    /** GETs a body as a stream, for output that may be larger than memory. */
    InputStream stream(String path) throws IOException, InterruptedException {
        HttpResponse<InputStream> response = http.send(
                request("GET", path, HttpRequest.BodyPublishers.noBody(), null),
                HttpResponse.BodyHandlers.ofInputStream());
        if (response.statusCode() / 100 != 2) {
            try (InputStream body = response.body()) {
                throw refused(response.statusCode(), new String(body.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        return response.body();
    }

    private HttpResponse<String> send(String method, String path, HttpRequest.BodyPublisher body, String contentType)
            throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(
                request(method, path, body, contentType), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (response.statusCode() / 100 != 2) {
            throw refused(response.statusCode(), response.body());
        }
        return response;
    }

    private HttpRequest request(String method, String path, HttpRequest.BodyPublisher body, String contentType) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofHours(2))
                .method(method, body)
                .header("Authorization", "Bearer " + token);
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        return request.build();
    }

    private static JsonObject json(HttpResponse<String> response) {
        String body = response.body();
        return body == null || body.isBlank() ? JsonValue.EMPTY_JSON_OBJECT : parse(body);
    }

    static JsonObject parse(String json) {
        try (JsonReader reader = Json.createReader(new StringReader(json))) {
            return reader.readObject();
        }
    }

    private static Refused refused(int status, String body) {
        JsonObject problem;
        try {
            problem = parse(body);
        } catch (RuntimeException notAProblem) {
            problem = Json.createObjectBuilder()
                    .add("title", "HTTP " + status)
                    .add("detail", body == null ? "" : body.strip())
                    .build();
        }
        return new Refused(status, problem);
    }
}
