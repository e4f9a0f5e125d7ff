package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** /mcp driven by the official MCP Java SDK client, plus the transport rules checked on the wire. */
@ExtendWith(ArquillianExtension.class)
class McpIT extends Deployments {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private static final URI MCP = Api.serverBase().resolve("mcp");

    private final String tenant = Tokens.newTenant("mcp");
    private final String token = Tokens.token(tenant, Tokens.ALL_ROLES);
    private final Api api = new Api(Api.serverBase(), token);
    private final String scope = "user:" + UUID.randomUUID().toString().substring(0, 8);
    private final List<McpSyncClient> clients = new ArrayList<>();

    @AfterEach
    void closeClients() {
        clients.forEach(McpSyncClient::closeGracefully);
    }

    // ---- through the SDK client ------------------------------------------------------------------------

    @Test
    void initializeNegotiatesAndDescribesTheServer() {
        McpSyncClient client = client(token);
        McpSchema.InitializeResult init = client.getCurrentInitializationResult();
        assertEquals("memoria", init.serverInfo().name());
        assertTrue(Set.of("2025-06-18", "2025-03-26").contains(init.protocolVersion()), init.protocolVersion());
        assertNotNull(init.capabilities().tools());
        assertNotNull(init.capabilities().resources());
        assertNotNull(client.ping());
    }

    @Test
    void listsTheToolsWithValidSchemas() {
        List<McpSchema.Tool> tools = client(token).listTools().tools();
        assertEquals(
                Set.of(
                        "remember",
                        "recall",
                        "search_memory",
                        "list_memories",
                        "delete_memory",
                        "stats",
                        "snapshot",
                        "restore"),
                tools.stream().map(McpSchema.Tool::name).collect(Collectors.toSet()));
        for (McpSchema.Tool tool : tools) {
            JsonObject schema =
                    json(Json.createObjectBuilder(tool.inputSchema()).build().toString());
            ToolsIT.assertValidSchema(schema);
            assertTrue(schema.getJsonObject("properties").containsKey("scope"), tool.name() + " takes a scope");
        }
    }

    @Test
    void rememberThenRecall() {
        McpSyncClient client = client(token);
        McpSchema.CallToolResult remembered = call(
                client,
                "remember",
                Map.of("content", "Deploys everything with Docker Compose", "category", "technical", "scope", scope));
        assertFalse(remembered.isError(), text(remembered));
        assertTrue(text(remembered).startsWith("Remembered: Deploys everything with Docker Compose"));

        McpSchema.CallToolResult recalled =
                call(client, "recall", Map.of("query", "how does the user deploy?", "scope", scope));
        assertFalse(recalled.isError());
        assertEquals("[semantic] Deploys everything with Docker Compose", text(recalled));
        assertNotNull(recalled.structuredContent());

        JsonObject stored =
                api.get("/api/v1/scopes/" + scope + "/facts").items().getJsonObject(0);
        assertEquals("mcp", stored.getString("source"));
        assertEquals(1, stored.getInt("access_count"), "recall through MCP reinforces like the REST recall");
    }

    @Test
    void forgettingThroughMcpTakesTheFactOutOfTheNextPrompt() {
        McpSyncClient client = client(token);
        McpSchema.CallToolResult remembered =
                call(client, "remember", Map.of("content", "Card number 4111 1111", "scope", scope));
        String id = ((Map<?, ?>) ((Map<?, ?>) remembered.structuredContent()).get("fact"))
                .get("id")
                .toString();
        assertTrue(api.get("/api/v1/scopes/" + scope + "/context").body().contains("Card number 4111 1111"));

        assertFalse(call(client, "delete_memory", Map.of("key_or_id", id, "scope", scope))
                .isError());

        assertFalse(
                api.get("/api/v1/scopes/" + scope + "/context").body().contains("Card number"),
                "the daily log forgot it too");
        assertFalse(api.get("/api/v1/scopes/" + scope + "/logs").body().contains("Card number"));
    }

    @Test
    void snapshotStatsAndRestoreThroughMcp() {
        McpSyncClient client = client(token);
        call(client, "remember", Map.of("content", "Likes jazz", "scope", scope));
        assertFalse(
                call(client, "snapshot", Map.of("name", "s1", "scope", scope)).isError());
        call(client, "remember", Map.of("content", "Likes opera", "scope", scope));
        McpSchema.CallToolResult stats = call(client, "stats", Map.of("scope", scope));
        assertTrue(text(stats).startsWith("2 facts"), text(stats));
        assertFalse(
                call(client, "restore", Map.of("name", "s1", "scope", scope)).isError());
        assertEquals(1, api.get("/api/v1/scopes/" + scope + "/facts").items().size());
    }

    @Test
    void readsMemoryMdAsAResource() {
        api.post(
                "/api/v1/scopes/" + scope + "/facts",
                "{\"content\":\"Prefers Python\",\"category\":\"preferences\",\"persistent\":true}");
        McpSyncClient client = client(token);
        String uri = "memory://" + scope + "/MEMORY.md";
        assertTrue(client.listResources().resources().stream()
                .anyMatch(r -> r.uri().equals(uri)));
        McpSchema.ReadResourceResult read = client.readResource(new McpSchema.ReadResourceRequest(uri));
        McpSchema.TextResourceContents contents =
                (McpSchema.TextResourceContents) read.contents().get(0);
        assertEquals("text/markdown", contents.mimeType());
        assertEquals(api.get("/api/v1/scopes/" + scope + "/memory.md").body(), contents.text());
        assertTrue(contents.text().contains("- Prefers Python"));
        assertThrows(
                McpError.class,
                () -> client.readResource(new McpSchema.ReadResourceRequest("memory://bad scope/MEMORY.md")));
    }

    @Test
    void badArgumentsAreAToolErrorAndWriteNothing() {
        McpSyncClient client = client(token);
        McpSchema.CallToolResult result = call(client, "remember", Map.of("category", "x", "scope", scope));
        assertTrue(result.isError());
        assertTrue(text(result).contains("arguments.content"), text(result));
        assertTrue(call(client, "remember", Map.of("content", "x", "scope", "not a scope"))
                .isError());
        assertThrows(McpError.class, () -> call(client, "teleport", Map.of()));
        assertEquals(0, api.get("/api/v1/scopes/" + scope + "/facts").items().size());
    }

    @Test
    void withoutTokenIs401() throws Exception {
        HttpResponse<String> response =
                post(null, null, initialize("2025-06-18"), "application/json, text/event-stream");
        assertEquals(401, response.statusCode());
        assertTrue(response.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Bearer"));
        assertThrows(RuntimeException.class, () -> client(null));
    }

    @Test
    void anotherTenantSeesNothing() {
        call(
                client(token),
                "remember",
                Map.of("content", "Secret codename Bluebird", "category", "work", "persistent", true, "scope", scope));
        McpSyncClient other = client(Tokens.token(Tokens.newTenant("mcp-other"), Tokens.ALL_ROLES));
        McpSchema.CallToolResult search = call(other, "search_memory", Map.of("query", "bluebird", "scope", scope));
        assertFalse(search.isError());
        assertTrue(text(search).startsWith("No memory matches"), text(search));
        String memory = ((McpSchema.TextResourceContents)
                        other.readResource(new McpSchema.ReadResourceRequest("memory://" + scope + "/MEMORY.md"))
                                .contents()
                                .get(0))
                .text();
        assertFalse(memory.contains("Bluebird"));
        assertTrue(other.listResources().resources().stream()
                .noneMatch(r -> r.uri().contains(scope)));
    }

    @Test
    void memoryScopesAreEnforcedAndGiveTheDefaultScope() {
        McpSyncClient limited = client(Tokens.token(tenant, Tokens.ALL_ROLES, List.of(scope)));
        assertFalse(call(limited, "remember", Map.of("content", "Lands in the token's own scope"))
                .isError());
        assertEquals(1, api.get("/api/v1/scopes/" + scope + "/facts").items().size());

        McpSchema.CallToolResult elsewhere =
                call(limited, "remember", Map.of("content", "Should not land", "scope", "user:elsewhere"));
        assertTrue(elsewhere.isError());
        assertTrue(text(elsewhere).startsWith("Forbidden"), text(elsewhere));
        assertEquals(0, api.get("/api/v1/scopes/user:elsewhere/facts").items().size());
        assertThrows(
                McpError.class,
                () -> limited.readResource(new McpSchema.ReadResourceRequest("memory://user:elsewhere/MEMORY.md")));
    }

    @Test
    void readOnlyTokenCannotWrite() {
        McpSyncClient reader = client(Tokens.token(tenant, List.of("memory.read")));
        McpSchema.CallToolResult result = call(reader, "remember", Map.of("content", "Nope", "scope", scope));
        assertTrue(result.isError());
        assertFalse(call(reader, "list_memories", Map.of("scope", scope)).isError());
        assertEquals(0, api.get("/api/v1/scopes/" + scope + "/facts").items().size());
    }

    // ---- the transport on the wire ------------------------------------------------------------------

    @Test
    void sessionLifecycleOnTheWire() throws Exception {
        HttpResponse<String> init = post(token, null, initialize("2025-03-26"), "application/json, text/event-stream");
        assertEquals(200, init.statusCode());
        assertTrue(init.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
        assertEquals("2025-03-26", json(init.body()).getJsonObject("result").getString("protocolVersion"));
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();

        assertEquals(
                202,
                post(
                                token,
                                session,
                                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                                "application/json")
                        .statusCode());
        assertEquals(
                400, post(token, null, rpc(2, "tools/list"), "application/json").statusCode(), "no session id");
        assertEquals(
                404,
                post(token, "no-such-session", rpc(2, "tools/list"), "application/json")
                        .statusCode());
        assertEquals(
                404,
                post(
                                Tokens.token(Tokens.newTenant("mcp-thief"), Tokens.ALL_ROLES),
                                session,
                                rpc(2, "ping"),
                                "application/json")
                        .statusCode(),
                "a session belongs to its tenant");

        JsonObject unknown = json(post(token, session, rpc(3, "prompts/teleport"), "application/json")
                .body());
        assertEquals(-32601, unknown.getJsonObject("error").getInt("code"));
        assertEquals(3, unknown.getInt("id"));

        HttpResponse<String> batch =
                post(token, session, "[" + rpc(4, "ping") + "," + rpc(5, "tools/list") + "]", "application/json");
        JsonArray answers = Json.createReader(new StringReader(batch.body())).readArray();
        assertEquals(2, answers.size());

        HttpResponse<String> stream = post(token, session, rpc(6, "ping"), "text/event-stream");
        assertTrue(stream.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
        assertTrue(stream.body().startsWith("event: message\ndata: {"), stream.body());

        assertEquals(405, send("GET", token, session, null, "text/event-stream").statusCode());
        assertEquals(400, post(token, session, "{nope", "application/json").statusCode());
        assertEquals(
                204, send("DELETE", token, session, null, "application/json").statusCode());
        assertEquals(
                404, post(token, session, rpc(7, "ping"), "application/json").statusCode(), "ended sessions are gone");
    }

    @Test
    void versionsAreNegotiated() throws Exception {
        HttpResponse<String> future = post(token, null, initialize("2099-01-01"), "application/json");
        assertEquals("2025-06-18", json(future.body()).getJsonObject("result").getString("protocolVersion"));
        String session = future.headers().firstValue("Mcp-Session-Id").orElseThrow();
        HttpRequest wrongVersion = HttpRequest.newBuilder(MCP)
                .header("Authorization", "Bearer " + token)
                .header("Mcp-Session-Id", session)
                .header("MCP-Protocol-Version", "1999-01-01")
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(rpc(2, "ping")))
                .build();
        assertEquals(
                400,
                HTTP.send(wrongVersion, HttpResponse.BodyHandlers.ofString()).statusCode());
    }

    // ---- helpers -------------------------------------------------------------------------------------

    private McpSyncClient client(String bearer) {
        HttpRequest.Builder request = HttpRequest.newBuilder();
        if (bearer != null) {
            request.header("Authorization", "Bearer " + bearer);
        }
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(
                        Api.serverBase().toString())
                .endpoint("/mcp")
                .requestBuilder(request)
                .build();
        McpSyncClient client =
                McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30)).build();
        clients.add(client);
        client.initialize();
        return client;
    }

    private static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return client.callTool(new McpSchema.CallToolRequest(tool, arguments));
    }

    private static String text(McpSchema.CallToolResult result) {
        return ((McpSchema.TextContent) result.content().get(0)).text();
    }

    private static String initialize(String version) {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"" + version
                + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}";
    }

    private static String rpc(int id, String method) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\"}";
    }

    private static HttpResponse<String> post(String bearer, String session, String body, String accept)
            throws Exception {
        return send("POST", bearer, session, body, accept);
    }

    private static HttpResponse<String> send(String method, String bearer, String session, String body, String accept)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(MCP)
                .timeout(Duration.ofSeconds(30))
                .header("Accept", accept)
                .method(
                        method,
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (bearer != null) {
            request.header("Authorization", "Bearer " + bearer);
        }
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private static JsonObject json(String body) {
        try (JsonReader reader = Json.createReader(new StringReader(body))) {
            return reader.readObject();
        }
    }
}
