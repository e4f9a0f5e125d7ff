package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.OpenApi30;
import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The OpenAPI document the server serves is its contract: every resource method is in it and nothing else is,
 * and the README's tour (and its usual refusals), walked over HTTP, answers only documented statuses with
 * bodies that validate against the documented schemas.
 */
@ExtendWith(ArquillianExtension.class)
class OpenApiContractIT extends Deployments {

    private static final JsonMapper JACKSON = JsonMapper.builder().build();
    private static final String DOCUMENT = "https://memoria.test/openapi.json";
    private static final List<Class<? extends Annotation>> METHODS =
            List.of(GET.class, POST.class, PUT.class, PATCH.class, DELETE.class);

    private final JsonNode document = JACKSON.readTree(
            new Api(Api.serverBase(), null).get("/openapi?format=JSON").body());
    private final SchemaRegistry schemas = SchemaRegistry.withDefaultDialect(
            OpenApi30.getInstance(), builder -> builder.schemas(Map.of(DOCUMENT, document.toString())));
    private final Set<String> exercised = new TreeSet<>();
    private final List<String> violations = new ArrayList<>();

    @Test
    void everyResourceMethodIsDocumentedAndNothingElseIs() throws IOException {
        Set<String> served = new TreeSet<>();
        for (Class<?> resource : resourceClasses()) {
            String base = path(resource.getAnnotation(jakarta.ws.rs.Path.class));
            for (Method method : resource.getDeclaredMethods()) {
                for (Class<? extends Annotation> verb : METHODS) {
                    if (method.isAnnotationPresent(verb)) {
                        served.add(verb.getSimpleName() + " "
                                + normalise("/api/v1" + base + path(method.getAnnotation(jakarta.ws.rs.Path.class))));
                    }
                }
            }
        }
        served.removeIf(operation -> operation.contains("/test-hooks/")); // tests only, off in production
        assertEquals(served, documented(), "the served operations and the document's");
    }

    @Test
    void theTourAnswersOnlyDocumentedStatusesAndSchemas() {
        String tenant = Tokens.newTenant("contract");
        Api api = new Api(Api.serverBase(), Tokens.token(tenant, Tokens.ALL_ROLES));
        String s = "/api/v1/scopes/user:42";

        String id = json(call(
                        api,
                        "POST",
                        s + "/facts",
                        "{\"content\":\"Prefers Python for data work\",\"category\":\"preferences\","
                                + "\"persistent\":true,\"tags\":[\"lang\"]}",
                        201))
                .get("id")
                .asString();
        call(
                api,
                "POST",
                s + "/facts",
                "{\"content\":\"Prefers Python for data work\",\"category\":\"preferences\"}",
                200);
        call(
                api,
                "POST",
                s + "/facts:batch",
                "{\"facts\":[{\"content\":\"Uses Neovim\"},{\"content\":\"Lives in Lisbon\"}]}",
                200);
        call(api, "PUT", s + "/facts/by-key/timezone", "{\"content\":\"Time zone is Europe/Lisbon\"}", 201);
        call(api, "PUT", s + "/facts/by-key/timezone", "{\"content\":\"Time zone is Europe/Porto\"}", 200);
        String cursor = json(call(api, "GET", s + "/facts?limit=1", null, 200))
                .get("next_cursor")
                .asString();
        call(api, "GET", s + "/facts?limit=1&cursor=" + encode(cursor), null, 200);
        call(api, "GET", s + "/facts/" + id, null, 200);
        call(api, "PATCH", s + "/facts/" + id, "{\"importance\":0.9}", 200);
        call(api, "GET", s + "/facts/by-key/timezone", null, 200);
        call(api, "GET", s + "/facts/" + id + "/history", null, 200);
        call(api, "PUT", s + "/facts/by-key?key=" + encode("stack/backend"), "{\"content\":\"Uses Quarkus\"}", 201);
        call(api, "GET", s + "/facts/by-key?key=" + encode("stack/backend"), null, 200);
        call(api, "DELETE", s + "/facts/by-key?key=" + encode("stack/backend"), null, 204);
        call(api, "GET", s + "/facts?include_superseded=true", null, 200);
        call(api, "PUT", s + "/windows/chat-1", "{\"content\":\"user: Hi\"}", 201);
        call(api, "PUT", s + "/windows/chat-1", "{\"content\":\"user: Hi\\nassistant: Hello\"}", 200);
        call(api, "GET", s + "/windows/chat-1", null, 200);
        call(api, "GET", s + "/windows?limit=1", null, 200);
        call(api, "PUT", s + "/window?id=" + encode("chat/2"), "{\"content\":\"[]\"}", 201);
        call(api, "GET", s + "/window?id=" + encode("chat/2"), null, 200);
        call(api, "DELETE", s + "/window?id=" + encode("chat/2"), null, 204);
        call(api, "DELETE", s + "/windows/chat-1", null, 204);
        call(api, "GET", s + "/windows/chat-1", null, 404);
        call(api, "GET", s + "/recall?q=python&limit=3", null, 200);
        call(api, "GET", s + "/search?q=lisbon", null, 200);
        call(api, "GET", s + "/context?q=python&max_tokens=200", null, 200);
        call(api, "GET", "/api/v1/recall?scopes=" + scopeOf(s) + ",global&q=python&min_score=0.1", null, 200);
        call(api, "GET", "/api/v1/context?scopes=" + scopeOf(s) + ",global&q=python", null, 200);
        call(api, "GET", s + "/memory.md", null, 200);
        callTyped(
                api,
                "PUT",
                s + "/memory.md",
                "# Agent Memory\n\n## profile\n- Speaks Portuguese\n",
                "text/markdown",
                200);
        call(api, "GET", s + "/logs?days=7&limit=10", null, 200);
        call(api, "GET", s + "/logs/2026-01-01", null, 200);
        call(api, "POST", s + "/logs:prune?max_days=30", null, 200);
        call(api, "POST", s + "/snapshots", "{\"name\":\"before\"}", 201);
        call(api, "GET", s + "/snapshots", null, 200);
        call(api, "POST", s + "/facts", "{\"content\":\"Moved to Porto\"}", 201);
        call(api, "GET", s + "/snapshots/before/diff?against=current", null, 200);
        call(api, "POST", s + "/snapshots/before/restore", null, 200);
        call(api, "GET", s + "/stats", null, 200);
        call(api, "POST", s + "/decay", null, 200);
        call(api, "POST", s + "/learn", "{\"turns\":[{\"role\":\"user\",\"content\":\"I prefer dark mode.\"}]}", 200);
        call(api, "GET", "/api/v1/tools?format=openai", null, 200);
        call(api, "GET", "/api/v1/tools?format=anthropic", null, 200);
        call(api, "POST", s + "/tool-calls", "{\"name\":\"recall\",\"arguments\":{\"query\":\"python\"}}", 200);
        call(api, "GET", "/api/v1/scopes", null, 200);
        call(api, "GET", "/api/v1/tenant/settings", null, 200);
        call(api, "PUT", "/api/v1/tenant/settings", "{\"max_log_days\":30}", 200);
        call(api, "GET", "/api/v1/tenant/quotas", null, 200);
        call(api, "GET", "/api/v1/whoami", null, 200);
        call(api, "DELETE", s + "/facts/by-key/timezone", null, 204);
        call(api, "DELETE", s + "/facts/" + id, null, 204);
        call(api, "GET", "/api/v1/audit?limit=5", null, 200);
        String exported = call(api, "GET", "/api/v1/export?scope_prefix=user:42", null, 200)
                .body();
        callTyped(api, "POST", "/api/v1/import?dry_run=true", exported, "application/x-ndjson", 200);
        callTyped(api, "POST", "/api/v1/import", exported, "application/x-ndjson", 200);
        call(api, "DELETE", s + "/snapshots/before", null, 204);
        call(api, "DELETE", s + "/logs", null, 204);
        String receipt = json(call(api, "POST", "/api/v1/erasures", "{\"subject\":\"user:42\"}", 201))
                .get("id")
                .asString();
        call(api, "GET", "/api/v1/erasures/" + receipt, null, 200);
        call(api, "DELETE", "/api/v1/scopes/user:7", null, 204);

        // the refusals a client meets, each a documented problem
        call(api, "POST", s + "/facts", "{\"importance\":2}", 400);
        call(api, "GET", s + "/facts/00000000-0000-7000-8000-000000000000", null, 404);
        call(api, "POST", s + "/snapshots", "{\"name\":\"twice\"}", 201);
        call(api, "POST", s + "/snapshots", "{\"name\":\"twice\"}", 409);
        callTyped(api, "POST", s + "/facts", "<fact/>", "application/xml", 415);
        call(new Api(Api.serverBase(), null), "GET", s + "/facts", null, 401);
        call(
                new Api(Api.serverBase(), Tokens.token(tenant, List.of("memory.read"))),
                "POST",
                s + "/facts",
                "{\"content\":\"x\"}",
                403);

        assertEquals(List.of(), violations, "answers the document does not describe");
        Set<String> untouched = documented();
        untouched.removeAll(exercised);
        assertEquals(Set.of(), untouched, "documented operations the tour never called");
    }

    private Api.Reply call(Api api, String method, String path, String json, int expected) {
        return callTyped(api, method, path, json, json == null ? null : "application/json", expected);
    }

    private Api.Reply callTyped(Api api, String method, String path, String body, String contentType, int expected) {
        Api.Reply reply = api.send(method, path, body, contentType);
        assertEquals(expected, reply.status(), () -> method + " " + path + ": " + reply);
        check(method, path, reply);
        return reply;
    }

    /** The answer against its operation in the document: a documented status, and a body its schema accepts. */
    private void check(String method, String path, Api.Reply reply) {
        String template = template(path.replaceFirst("\\?.*", ""));
        String operation = method + " " + template;
        JsonNode op = document.path("paths").path(template).path(method.toLowerCase(Locale.ROOT));
        if (op.isMissingNode()) {
            violations.add(operation + " is not in the document");
            return;
        }
        exercised.add(normalise(operation));
        String status = Integer.toString(reply.status());
        if (!op.path("responses").has(status)) {
            violations.add(operation + " answered " + status + ", not documented");
            return;
        }
        String pointer = "/paths/" + escape(template) + "/" + method.toLowerCase(Locale.ROOT) + "/responses/" + status;
        JsonNode response = op.path("responses").path(status);
        if (response.has("$ref")) {
            pointer = response.get("$ref").asString().substring(1);
            response = document.at(pointer);
        }
        String type = reply.contentType() == null
                ? ""
                : reply.contentType().replaceFirst(";.*", "").strip();
        if (reply.body().isEmpty() && !response.has("content")) {
            return;
        }
        if (!response.path("content").has(type)) {
            violations.add(operation + " " + status + " answered " + type + ", not documented");
            return;
        }
        if (!type.equals("application/json") && !type.equals("application/problem+json")) {
            return; // text, Markdown and JSON lines have no schema to check
        }
        Schema schema =
                schemas.getSchema(SchemaLocation.of(DOCUMENT + "#" + pointer + "/content/" + escape(type) + "/schema"));
        List<Error> errors = schema.validate(JACKSON.readTree(reply.body()));
        if (!errors.isEmpty()) {
            violations.add(operation + " " + status + ": " + errors + " in " + reply.body());
        }
    }

    /** The document's path template that a concrete path matches. */
    private String template(String path) {
        List<String> matches = new ArrayList<>();
        document.path("paths").propertyNames().forEach(candidate -> {
            Pattern pattern = Pattern.compile(Pattern.quote(candidate).replaceAll("\\{[^}]+}", "\\\\E[^/]+\\\\Q"));
            if (pattern.matcher(path).matches()) {
                matches.add(candidate);
            }
        });
        // /facts/by-key/x matches /facts/{id} too: the most literal template wins
        return matches.stream()
                .min(java.util.Comparator.comparingInt(t -> t.split("\\{").length))
                .orElse(path);
    }

    private Set<String> documented() {
        Set<String> operations = new TreeSet<>();
        document.path("paths")
                .properties()
                .forEach(path -> path.getValue().propertyNames().forEach(verb -> {
                    if (Set.of("get", "post", "put", "patch", "delete").contains(verb)) {
                        operations.add(verb.toUpperCase(Locale.ROOT) + " " + normalise(path.getKey()));
                    }
                }));
        return operations;
    }

    /** Path parameters by position, not name: {scope}/{id} and {scope}/{key} differ only in what they hold. */
    private static String normalise(String path) {
        return path.replaceAll("\\{[^}]+}", "{}").replaceAll("/+$", "").replace("//", "/");
    }

    private static String path(jakarta.ws.rs.Path path) {
        return path == null ? "" : "/" + path.value().replaceAll("^/+", "").replaceAll("/+$", "");
    }

    private static List<Class<?>> resourceClasses() throws IOException {
        Path classes = Path.of("target", "classes");
        List<Class<?>> resources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classes.resolve("dev/memoria"))) {
            for (Path file : files.filter(
                            f -> f.toString().endsWith(".class") && f.toString().contains("boundary"))
                    .toList()) {
                String name =
                        classes.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
                try {
                    Class<?> type = Class.forName(name, false, OpenApiContractIT.class.getClassLoader());
                    if (type.isAnnotationPresent(jakarta.ws.rs.Path.class)) {
                        resources.add(type);
                    }
                } catch (ClassNotFoundException | LinkageError notLoadable) {
                    fail("cannot load " + name + ": " + notLoadable);
                }
            }
        }
        return resources;
    }

    private static JsonNode json(Api.Reply reply) {
        return JACKSON.readTree(reply.body());
    }

    /** The scope of a scope path such as /api/v1/scopes/user:1. */
    private static String scopeOf(String scopePath) {
        return scopePath.substring(scopePath.lastIndexOf('/') + 1);
    }

    /** A JSON pointer token, written into a URI fragment. */
    private static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1").replace("{", "%7B").replace("}", "%7D");
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
