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
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/** Memoria's REST API as the CLI calls it: bearer token, JSON in and out, problems turned into {@link Refused}. */
final class ServerClient {

    /** The server answered with a problem (or something that is not a success). */
    static final class Refused extends RuntimeException {
        private final int status;
        private final JsonObject problem;
        private final String request;

        Refused(int status, JsonObject problem, String request) {
            super(problem.getString("title", "HTTP " + status) + ": " + problem.getString("detail", ""));
            this.status = status;
            this.problem = problem;
            this.request = request;
        }

        /** The call refused, such as "GET api/v1/scopes/global/facts/…/history". */
        String request() {
            return request;
        }

        int status() {
            return status;
        }

        JsonObject problem() {
            return problem;
        }
    }

    /** How HTTPS certificates are checked: the JDK's trusted authorities, a trust store, or not at all. */
    record Tls(boolean insecure, Path trustStore, char[] trustStorePassword) {
        static final Tls DEFAULT = new Tls(false, null, null);
    }

    /** A key Memoria takes in a path segment as it is; any other key goes in ?key= (API.md, facts by key). */
    private static final Pattern PATH_SAFE_KEY = Pattern.compile("(?!\\.{1,2}$)[A-Za-z0-9._:@-]{1,128}");

    private final HttpClient http;
    private final URI base;
    private final String token;

    ServerClient(String url, String token) {
        this(url, token, Tls.DEFAULT);
    }

    ServerClient(String url, String token, Tls tls) {
        this.base = URI.create(url.endsWith("/") ? url : url + "/");
        this.token = token;
        HttpClient.Builder builder =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10));
        if (tls.insecure()) {
            // read once, when the JDK's HTTP client classes load: set before the first client is built
            System.setProperty("jdk.internal.httpclient.disableHostnameVerification", "true");
            builder.sslContext(trustingEveryone());
        } else if (tls.trustStore() != null) {
            builder.sslContext(trusting(tls.trustStore(), tls.trustStorePassword()));
        }
        this.http = builder.build();
    }

    /**
     * A user-given text percent-encoded for a path segment or a query value; a dot segment's dots too, so a name
     * such as {@code ..} never climbs the path (the server refuses it with a problem).
     */
    static String encode(String text) {
        if (text.equals(".") || text.equals("..")) {
            return text.replace(".", "%2E");
        }
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /**
     * The path of the fact saved under a key, relative to the scope: the path form for a key that no proxy would
     * touch, the query form ({@code facts/by-key?key=}) for one with spaces, slashes or anything else.
     */
    static String keyPath(String key) {
        return PATH_SAFE_KEY.matcher(key).matches() ? "facts/by-key/" + encode(key) : "facts/by-key?key=" + encode(key);
    }

    private static SSLContext trustingEveryone() {
        X509TrustManager everyone = new X509TrustManager() {
            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) {}

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) {}

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
            }
        };
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {everyone}, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An SSL context that trusts the certificates of a PKCS12 or JKS file. */
    private static SSLContext trusting(Path file, char[] password) {
        try {
            KeyStore store = KeyStore.getInstance(file.toFile(), password);
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, factory.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw new UnusableTrustStore(file, e);
        }
    }

    /** The trust store given could not be read. */
    static final class UnusableTrustStore extends RuntimeException {
        UnusableTrustStore(Path file, Exception cause) {
            super(
                    "cannot read the trust store " + file + " ("
                            + (cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage())
                            + "); give a PKCS12 or JKS file and its password with --truststore-password",
                    cause);
        }
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
            throw refused("GET " + path, response.statusCode(), java.nio.file.Files.readString(file));
        }
    }

    /** GETs a body as a stream, for output that may be larger than memory. */
    InputStream stream(String path) throws IOException, InterruptedException {
        HttpResponse<InputStream> response = http.send(
                request("GET", path, HttpRequest.BodyPublishers.noBody(), null),
                HttpResponse.BodyHandlers.ofInputStream());
        if (response.statusCode() / 100 != 2) {
            try (InputStream body = response.body()) {
                throw refused(
                        "GET " + path, response.statusCode(), new String(body.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        return response.body();
    }

    private HttpResponse<String> send(String method, String path, HttpRequest.BodyPublisher body, String contentType)
            throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(
                request(method, path, body, contentType), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (response.statusCode() / 100 != 2) {
            throw refused(method + " " + path, response.statusCode(), response.body());
        }
        return response;
    }

    private HttpRequest request(String method, String path, HttpRequest.BodyPublisher body, String contentType) {
        // appended, never URI.resolve: resolving removes dot segments, so "snapshots/.." would name the scope
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
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

    private static Refused refused(String request, int status, String body) {
        JsonObject problem;
        try {
            problem = parse(body);
        } catch (RuntimeException notAProblem) {
            String text = body == null ? "" : body.strip();
            problem = Json.createObjectBuilder()
                    .add("title", "HTTP " + status)
                    .add(
                            "detail",
                            text.startsWith("<") || text.length() > 200 || text.isEmpty()
                                    ? request + " answered without a Memoria problem; check that --url names a"
                                            + " Memoria server, and that it has started"
                                    : text)
                    .build();
        }
        return new Refused(status, problem, request);
    }
}
