package it;

import static it.support.ProblemAssertions.assertFieldErrors;
import static it.support.ProblemAssertions.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Tool definitions for OpenAI and Anthropic, and every tool through POST /scopes/{scope}/tool-calls. */
@ExtendWith(ArquillianExtension.class)
class ToolsIT extends Deployments {

    private static final Set<String> TOOLS = Set.of(
            "remember", "recall", "search_memory", "list_memories", "delete_memory", "stats", "snapshot", "restore");
    private static final JsonMapper JACKSON = JsonMapper.builder().build();
    private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    private final String tenant = Tokens.newTenant("tools");
    private final Api api = new Api(Api.serverBase(), Tokens.token(tenant, Tokens.ALL_ROLES));
    private final String scope = "user:" + UUID.randomUUID().toString().substring(0, 8);

    // ---- definitions ---------------------------------------------------------------------------------

    @Test
    void openAiDefinitionsAreFunctionToolsWithValidSchemas() {
        JsonArray tools = array(api.get("/api/v1/tools?format=openai"));
        assertEquals(TOOLS, names(tools, t -> t.getJsonObject("function").getString("name")));
        for (JsonValue value : tools) {
            JsonObject tool = value.asJsonObject();
            assertEquals("function", tool.getString("type"));
            JsonObject function = tool.getJsonObject("function");
            assertTrue(
                    function.getString("description").length() > 40,
                    "a description that tells a model when to call it");
            assertValidSchema(function.getJsonObject("parameters"));
        }
        assertEquals(array(api.get("/api/v1/tools")), tools, "openai is the default format");
    }

    @Test
    void anthropicDefinitionsCarryInputSchema() {
        JsonArray tools = array(api.get("/api/v1/tools?format=anthropic"));
        assertEquals(TOOLS, names(tools, t -> t.getString("name")));
        for (JsonValue value : tools) {
            assertValidSchema(value.asJsonObject().getJsonObject("input_schema"));
            assertFalse(value.asJsonObject().containsKey("type"));
        }
    }

    @Test
    void schemasAcceptGoodArgumentsAndRejectBadOnes() {
        JsonObject remember = tool("remember").getJsonObject("function").getJsonObject("parameters");
        assertEquals(
                List.of("content"),
                remember.getJsonArray("required").getValuesAs(JsonValue::toString).stream()
                        .map(s -> s.replace("\"", ""))
                        .toList());
        Schema schema = SCHEMAS.getSchema(SchemaLocation.DOCUMENT, node(remember));
        assertEquals(
                List.of(),
                schema.validate(node(Json.createObjectBuilder()
                        .add("content", "Prefers tea")
                        .add("category", "preferences")
                        .add("persistent", true)
                        .add("importance", 0.8)
                        .add("type", "semantic")
                        .build())));
        assertFalse(
                schema.validate(node(
                                Json.createObjectBuilder().add("category", "x").build()))
                        .isEmpty(),
                "content missing");
        assertFalse(schema.validate(node(Json.createObjectBuilder()
                        .add("content", "x")
                        .add("importance", 2)
                        .build()))
                .isEmpty());
        assertFalse(schema.validate(node(Json.createObjectBuilder()
                        .add("content", "x")
                        .add("type", "feeling")
                        .build()))
                .isEmpty());
        assertFalse(schema.validate(node(Json.createObjectBuilder()
                        .add("content", "x")
                        .add("colour", "red")
                        .build()))
                .isEmpty());
    }

    @Test
    void unknownFormatIs400AndNoTokenIs401() {
        assertFieldErrors(assertProblem(api.get("/api/v1/tools?format=gemini"), 400), "format");
        assertEquals(401, api.as(null).get("/api/v1/tools").status());
    }

    // ---- tool calls ----------------------------------------------------------------------------------

    @Test
    void rememberThenRecallSearchAndList() {
        JsonObject remembered = call(
                "remember",
                "{\"content\":\"Prefers Python for scripting\",\"category\":\"preferences\","
                        + "\"persistent\":true,\"importance\":0.8,\"type\":\"procedural\",\"tags\":[\"lang\"]}");
        assertTrue(remembered.getString("content").startsWith("Remembered: Prefers Python for scripting"));
        JsonObject fact = remembered.getJsonObject("data").getJsonObject("fact");
        assertEquals("created", remembered.getJsonObject("data").getString("outcome"));
        assertEquals("tool", fact.getString("source"));
        assertEquals("procedural", fact.getString("type"));
        assertTrue(fact.getBoolean("persistent"));
        call("remember", "{\"content\":\"Lives in Porto\"}");

        JsonObject again = call("remember", "{\"content\":\"Prefers Python for scripting\"}");
        assertEquals("reinforced", again.getJsonObject("data").getString("outcome"));
        assertEquals(
                fact.getString("id"),
                again.getJsonObject("data").getJsonObject("fact").getString("id"));

        JsonObject recall = call("recall", "{\"query\":\"which language for scripting?\",\"limit\":3}");
        assertEquals("[procedural] Prefers Python for scripting", recall.getString("content"));
        assertEquals(1, recall.getJsonObject("data").getJsonArray("items").size());

        JsonObject search = call("search_memory", "{\"query\":\"porto\"}");
        assertTrue(search.getString("content").contains("Lives in Porto"), search.toString());
        assertEquals(1, search.getJsonObject("data").getJsonArray("items").size());

        JsonObject list = call("list_memories", "{\"category\":\"preferences\"}");
        assertEquals(1, list.getJsonObject("data").getJsonArray("items").size());
        assertEquals(
                2,
                call("list_memories", "{}")
                        .getJsonObject("data")
                        .getJsonArray("items")
                        .size());
    }

    @Test
    void deleteMemoryByIdOrByKey() {
        String id = call("remember", "{\"content\":\"Has a dog named Rex\"}")
                .getJsonObject("data")
                .getJsonObject("fact")
                .getString("id");
        assertEquals(
                201,
                api.put(path("facts/by-key/editor"), "{\"content\":\"Uses Vim\"}")
                        .status());
        JsonObject byId = call("delete_memory", "{\"key_or_id\":\"" + id + "\"}");
        assertEquals("Forgot: Has a dog named Rex", byId.getString("content"));
        assertEquals(404, api.get(path("facts/" + id)).status());
        call("delete_memory", "{\"key_or_id\":\"editor\"}");
        assertEquals(404, api.get(path("facts/by-key/editor")).status());
        assertProblem(
                api.post(path("tool-calls"), "{\"name\":\"delete_memory\",\"arguments\":{\"key_or_id\":\"editor\"}}"),
                404);
    }

    @Test
    void statsSnapshotAndRestore() {
        call("remember", "{\"content\":\"Likes green tea\"}");
        JsonObject snapshot = call("snapshot", "{\"name\":\"before\"}");
        assertEquals(1, snapshot.getJsonObject("data").getInt("facts"));
        call("remember", "{\"content\":\"Owns a red bicycle\"}");
        assertEquals(2, call("stats", "{}").getJsonObject("data").getInt("total_facts"));
        JsonObject restored = call("restore", "{\"name\":\"before\"}");
        assertEquals(1, restored.getJsonObject("data").getInt("restored"));
        assertEquals(1, api.get(path("facts")).items().size());
        assertProblem(api.post(path("tool-calls"), "{\"name\":\"snapshot\",\"arguments\":{\"name\":\"before\"}}"), 409);
    }

    @Test
    void unknownToolIs404() {
        JsonObject problem =
                assertProblem(api.post(path("tool-calls"), "{\"name\":\"teleport\",\"arguments\":{}}"), 404);
        assertTrue(problem.getString("detail").contains("teleport"));
    }

    @Test
    void badArgumentsAre400AndWriteNothing() {
        assertFieldErrors(
                assertProblem(
                        api.post(path("tool-calls"), "{\"name\":\"remember\",\"arguments\":{\"category\":\"x\"}}"),
                        400),
                "arguments.content");
        assertFieldErrors(
                assertProblem(
                        api.post(
                                path("tool-calls"),
                                "{\"name\":\"remember\",\"arguments\":{\"content\":\"ok\",\"importance\":7}}"),
                        400),
                "arguments.importance");
        assertFieldErrors(
                assertProblem(
                        api.post(
                                path("tool-calls"),
                                "{\"name\":\"remember\",\"arguments\":{\"content\":\"ok\",\"colour\":\"red\"}}"),
                        400),
                "arguments.colour");
        assertFieldErrors(
                assertProblem(
                        api.post(
                                path("tool-calls"),
                                "{\"name\":\"recall\",\"arguments\":{\"query\":\"x\",\"limit\":0}}"),
                        400),
                "arguments.limit");
        assertFieldErrors(
                assertProblem(api.post(path("tool-calls"), "{\"name\":\"recall\",\"arguments\":[]}"), 400),
                "arguments");
        assertFieldErrors(assertProblem(api.post(path("tool-calls"), "{\"arguments\":{}}"), 400), "name");
        assertEquals(400, api.post(path("tool-calls"), "{not json").status());
        assertEquals(0, api.get(path("facts")).items().size(), "nothing was written");
        assertEquals(0, api.get(path("logs")).items().size(), "no log entry either");
    }

    @Test
    void readOnlyTokenMayRecallButNotRemember() {
        call("remember", "{\"content\":\"Speaks Portuguese\"}");
        Api reader = api.as(Tokens.token(tenant, List.of("memory.read")));
        assertEquals(
                200,
                reader.post(path("tool-calls"), "{\"name\":\"search_memory\",\"arguments\":{\"query\":\"portuguese\"}}")
                        .status());
        assertProblem(
                reader.post(
                        path("tool-calls"), "{\"name\":\"remember\",\"arguments\":{\"content\":\"Speaks French\"}}"),
                403);
        assertProblem(
                reader.post(path("tool-calls"), "{\"name\":\"delete_memory\",\"arguments\":{\"key_or_id\":\"x\"}}"),
                403);
        assertEquals(1, api.get(path("facts")).items().size());
    }

    @Test
    void anotherTenantSeesNothingThroughTools() {
        String id = call("remember", "{\"content\":\"Secret project Falcon\"}")
                .getJsonObject("data")
                .getJsonObject("fact")
                .getString("id");
        Api other = api.as(Tokens.token(Tokens.newTenant("tools-other"), Tokens.ALL_ROLES));
        JsonObject search = other.post(
                        path("tool-calls"), "{\"name\":\"search_memory\",\"arguments\":{\"query\":\"falcon\"}}")
                .json();
        assertEquals(0, search.getJsonObject("data").getJsonArray("items").size());
        assertEquals(
                0,
                other.post(path("tool-calls"), "{\"name\":\"list_memories\",\"arguments\":{}}")
                        .json()
                        .getJsonObject("data")
                        .getJsonArray("items")
                        .size());
        assertProblem(
                other.post(
                        path("tool-calls"),
                        "{\"name\":\"delete_memory\",\"arguments\":{\"key_or_id\":\"" + id + "\"}}"),
                404);
        assertEquals(200, api.get(path("facts/" + id)).status(), "still there for its own tenant");
    }

    @Test
    void memoryScopesLimitToolCalls() {
        Api limited = api.as(Tokens.token(tenant, Tokens.ALL_ROLES, List.of(scope)));
        assertEquals(
                200,
                limited.post(path("tool-calls"), "{\"name\":\"list_memories\",\"arguments\":{}}")
                        .status());
        assertProblem(
                limited.post(
                        "/api/v1/scopes/user:elsewhere/tool-calls",
                        "{\"name\":\"remember\",\"arguments\":{\"content\":\"Should not land\"}}"),
                403);
        assertEquals(0, api.get("/api/v1/scopes/user:elsewhere/facts").items().size());
    }

    // ---- helpers -------------------------------------------------------------------------------------

    private JsonObject call(String name, String arguments) {
        Api.Reply reply = api.post(path("tool-calls"), "{\"name\":\"" + name + "\",\"arguments\":" + arguments + "}");
        assertEquals(200, reply.status(), reply.toString());
        JsonObject json = reply.json();
        assertTrue(json.containsKey("content") && json.containsKey("data"), json.toString());
        return json;
    }

    private JsonObject tool(String name) {
        return array(api.get("/api/v1/tools?format=openai")).stream()
                .map(JsonValue::asJsonObject)
                .filter(t -> t.getJsonObject("function").getString("name").equals(name))
                .findFirst()
                .orElseThrow();
    }

    private String path(String rest) {
        return "/api/v1/scopes/" + scope + "/" + rest;
    }

    private static JsonArray array(Api.Reply reply) {
        assertEquals(200, reply.status(), reply.toString());
        try (JsonReader reader = Json.createReader(new StringReader(reply.body()))) {
            return reader.readArray();
        }
    }

    private static Set<String> names(JsonArray tools, java.util.function.Function<JsonObject, String> name) {
        return tools.stream().map(JsonValue::asJsonObject).map(name).collect(Collectors.toSet());
    }

    private static JsonNode node(JsonValue json) {
        return JACKSON.readTree(json.toString());
    }

    /** Valid against the JSON Schema 2020-12 meta-schema, and an object schema that forbids unknown arguments. */
    static void assertValidSchema(JsonObject schema) {
        Schema meta = SCHEMAS.getSchema(SchemaLocation.of(SpecificationVersion.DRAFT_2020_12.getDialectId()));
        List<Error> errors = meta.validate(node(schema));
        assertEquals(List.of(), errors, "not a valid JSON Schema: " + schema);
        assertEquals("object", schema.getString("type"));
        assertFalse(schema.getBoolean("additionalProperties"));
    }
}
