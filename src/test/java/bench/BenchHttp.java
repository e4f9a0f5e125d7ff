package bench;

import dev.memoria.platform.devtools.DevToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The benchmark's client: tokens signed with the server's development key, requests as agent backends send them. */
final class BenchHttp {

    /** HTTP/1.1 with keep-alive, as agent backends call REST; the JDK's default upgrades to cleartext HTTP/2. */
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    private final URI base = URI.create(System.getProperty("bench.base", "http://localhost:9080/"));
    private final String issuer = System.getProperty("bench.issuer", DevToken.DEV_ISSUER);
    private final PrivateKey key;

    BenchHttp() {
        try {
            key = DevToken.readPrivateKey(
                    Path.of(System.getProperty("bench.keys", "target/bench-data/dev-keys"), "private.pem"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    URI base() {
        return base;
    }

    String token(String tenant) {
        Map<String, Object> claims = new LinkedHashMap<>();
        long now = Instant.now().getEpochSecond();
        claims.put("iss", issuer);
        claims.put("sub", "benchmark");
        claims.put("tenant", tenant);
        claims.put("groups", List.of("memory.read", "memory.write", "memory.admin"));
        claims.put("iat", now);
        claims.put("exp", now + 24 * 3600);
        return DevToken.sign(claims, key);
    }

    HttpResponse<String> send(String method, String path, String bearer, String json)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofSeconds(120))
                .method(
                        method,
                        json == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
        if (bearer != null) {
            request.header("Authorization", "Bearer " + bearer);
        }
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A GET whose body goes to a file. */
    HttpResponse<Path> download(String path, String bearer, Path file) throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(base.resolve(path))
                        .timeout(Duration.ofHours(2))
                        .header("Authorization", "Bearer " + bearer)
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofFile(file));
    }

    /** A POST of a file as JSON lines. */
    HttpResponse<String> upload(String path, String bearer, Path file) throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(base.resolve(path))
                        .timeout(Duration.ofHours(2))
                        .header("Authorization", "Bearer " + bearer)
                        .header("Content-Type", "application/x-ndjson")
                        .POST(HttpRequest.BodyPublishers.ofFile(file))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static void expect(int status, HttpResponse<?> response) {
        if (response.statusCode() != status) {
            String body = String.valueOf(response.body());
            throw new IllegalStateException(response.request().uri() + " answered " + response.statusCode() + ": "
                    + body.substring(0, Math.min(300, body.length())));
        }
    }
}
