package it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** The console over plain HTTP, as a script or a forged form would call it: its own cookie jar, no browser. */
public final class ConsoleClient {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

    private final HttpClient http = HttpClient.newBuilder()
            .cookieHandler(new CookieManager())
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    private final URI base = Api.serverBase();
    private String csrf;
    private String forwardedFor;

    /**
     * A client at another address, as a proxy the test server trusts (MEMORIA_TRUSTED_PROXIES) names it in
     * X-Forwarded-For: per-client throttles then count it on its own, not with every other test's requests.
     */
    public static ConsoleClient from(String address) {
        ConsoleClient client = new ConsoleClient();
        client.forwardedFor = address;
        return client;
    }

    public static String adminUser() {
        return System.getProperty("it.console.admin.user");
    }

    public static String adminPassword() {
        return System.getProperty("it.console.admin.password");
    }

    /** A client that uses a browser's session (its cookie), e.g. to download what a link offers. */
    public static ConsoleClient withSession(String sessionCookie) {
        ConsoleClient client = new ConsoleClient();
        java.net.HttpCookie cookie = new java.net.HttpCookie("memoria_console", sessionCookie);
        cookie.setPath("/console");
        cookie.setVersion(0);
        ((CookieManager) client.http.cookieHandler().orElseThrow())
                .getCookieStore()
                .add(client.base.resolve("/console/"), cookie);
        return client;
    }

    public static ConsoleClient admin() {
        ConsoleClient client = new ConsoleClient();
        client.signIn(adminUser(), adminPassword());
        return client;
    }

    /** Signs in and reads the session's CSRF token from a page; returns the sign-in response. */
    public HttpResponse<String> signIn(String username, String password) {
        HttpResponse<String> response =
                post("/console/login", Map.of("username", username, "password", password), false);
        if (response.statusCode() == 303) {
            csrf = csrfOf(get("/console/password").body());
        }
        return response;
    }

    public HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(base.resolve(path.substring(1))).GET());
    }

    /** A form POST; with {@code withCsrf} the session's token is added, as the console's own forms do. */
    public HttpResponse<String> post(String path, Map<String, String> form, boolean withCsrf) {
        Map<String, String> fields = new LinkedHashMap<>(form);
        if (withCsrf) {
            fields.put("_csrf", csrf);
        }
        String body = fields.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(base.resolve(path.substring(1)))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** Creates a console user with a temporary password (the caller must be an admin). */
    public void createUser(String username, String role, String temporaryPassword) {
        HttpResponse<String> response =
                post("/console/users", Map.of("username", username, "role", role, "password", temporaryPassword), true);
        if (response.statusCode() != 303) {
            throw new AssertionError("creating " + username + ": " + response.statusCode() + " " + response.body());
        }
    }

    /** Signs in with a one-time password and replaces it, as a new user must. */
    public void signInFirstTime(String username, String temporaryPassword, String chosen) {
        signIn(username, temporaryPassword);
        HttpResponse<String> changed = post(
                "/console/password",
                Map.of("current_password", temporaryPassword, "new_password", chosen, "repeat_password", chosen),
                true);
        if (changed.statusCode() != 303) {
            throw new AssertionError("password change: " + changed.statusCode() + " " + changed.body());
        }
    }

    public String csrf() {
        return csrf;
    }

    /** The value of the console's session cookie this client holds now. */
    public String sessionCookie() {
        return ((CookieManager) http.cookieHandler().orElseThrow())
                .getCookieStore().getCookies().stream()
                        .filter(cookie -> cookie.getName().equals("memoria_console"))
                        .map(java.net.HttpCookie::getValue)
                        .findFirst()
                        .orElse(null);
    }

    static String csrfOf(String html) {
        Matcher matcher = CSRF.matcher(html);
        return matcher.find() ? matcher.group(1) : null;
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        if (forwardedFor != null) {
            request.header("X-Forwarded-For", forwardedFor);
        }
        try {
            return http.send(
                    request.timeout(Duration.ofSeconds(60)).build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
