package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.OpenApi30;
import dev.memoria.client.ApiClient;
import dev.memoria.client.ApiException;
import dev.memoria.client.api.AgentToolsApi;
import dev.memoria.client.api.ConversationWindowsApi;
import dev.memoria.client.api.ExportAndImportApi;
import dev.memoria.client.api.FactsApi;
import dev.memoria.client.api.LearnApi;
import dev.memoria.client.api.MemoryMdApi;
import dev.memoria.client.api.RecallApi;
import dev.memoria.client.api.SnapshotsApi;
import dev.memoria.client.model.CallToolRequest;
import dev.memoria.client.model.CreateSnapshotRequest;
import dev.memoria.client.model.Fact;
import dev.memoria.client.model.FactInput;
import dev.memoria.client.model.FactPage;
import dev.memoria.client.model.FactType;
import dev.memoria.client.model.ImportCounts;
import dev.memoria.client.model.LearnRequest;
import dev.memoria.client.model.LearnRequestTurnsInner;
import dev.memoria.client.model.RecallAnswer;
import dev.memoria.client.model.RememberedFact;
import dev.memoria.client.model.Window;
import dev.memoria.client.model.WindowInput;
import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The README's tour through the Java client that openapi-generator made from META-INF/openapi.yaml at build
 * time: remember, save by key, list with a cursor, recall, context, MEMORY.md out and in, snapshot, diff,
 * restore, learn, a tool call, export and import. Every JSON answer is validated against the document's schema
 * of the model the client reads it into. Where the document and the server disagree, this fails.
 */
@ExtendWith(ArquillianExtension.class)
class ApiTourIT extends Deployments {

    private static final String SCOPE = "user:42";
    private static final String DOCUMENT = "https://memoria.test/openapi.json";

    private final SchemaRegistry schemas = SchemaRegistry.withDefaultDialect(
            OpenApi30.getInstance(),
            builder -> builder.schemas(Map.of(
                    DOCUMENT,
                    new Api(Api.serverBase(), null).get("/openapi?format=JSON").body())));
    private final List<String> validated = new ArrayList<>();
    private final List<String> violations = new ArrayList<>();

    @Test
    void theTourThroughTheGeneratedClient() throws ApiException {
        String tenant = Tokens.newTenant("client");
        ApiClient client = client(Tokens.token(tenant, Tokens.ALL_ROLES));
        FactsApi facts = new FactsApi(client);

        RememberedFact python = facts.remember(
                SCOPE,
                new FactInput()
                        .content("Prefers Python for data work")
                        .category("preferences")
                        .persistent(true)
                        .tags(List.of("lang")));
        assertFalse(python.getReinforced());
        assertEquals(FactType.SEMANTIC, python.getType());
        assertEquals(1.0, python.getRetention(), 1e-9);
        RememberedFact zone = facts.saveByKey(SCOPE, "timezone", new FactInput().content("Time zone is Europe/Lisbon"));
        RememberedFact moved = facts.saveByKey(SCOPE, "timezone", new FactInput().content("Time zone is Europe/Porto"));
        assertEquals(zone.getId(), moved.getId(), "saving under a key again keeps the fact");
        facts.remember(SCOPE, new FactInput().content("Has a cat named Miso").type(FactType.EPISODIC));

        FactPage first = facts.listFacts(SCOPE, null, null, null, null, null, 2, null, null, null);
        assertEquals(2, first.getItems().size());
        assertNotNull(first.getNextCursor());
        FactPage second = facts.listFacts(SCOPE, null, null, null, null, null, 2, first.getNextCursor(), null, null);
        assertEquals(1, second.getItems().size());
        assertEquals(null, second.getNextCursor());

        RecallApi recall = new RecallApi(client);
        RecallAnswer answer = recall.recall(SCOPE, "python data", 3, null, null, null, null, null, null, null);
        assertEquals(python.getId(), answer.getItems().get(0).getFact().getId());
        assertTrue(recall.context(SCOPE, "language", 300, null).contains("Prefers Python for data work"));

        MemoryMdApi memory = new MemoryMdApi(client);
        String file = text(client, "/api/v1/scopes/" + SCOPE + "/memory.md");
        assertTrue(file.startsWith("# Agent Memory"), file);
        assertEquals(1, memory.importMemoryFile("user:43", file).getImported());

        SnapshotsApi snapshots = new SnapshotsApi(client);
        assertEquals(
                3,
                snapshots
                        .createSnapshot(SCOPE, new CreateSnapshotRequest().name("before"))
                        .getFacts());
        facts.forgetFact(SCOPE, python.getId());
        assertEquals(
                List.of(python.getId()),
                snapshots.diffSnapshot(SCOPE, "before", "current").getRemoved().stream()
                        .map(Fact::getId)
                        .toList());
        assertEquals(3, snapshots.restoreSnapshot(SCOPE, "before").getRestored());
        assertEquals(python.getContent(), facts.getFact(SCOPE, python.getId()).getContent());

        var learned = new LearnApi(client)
                .learn(
                        SCOPE,
                        new LearnRequest()
                                .turns(List.of(new LearnRequestTurnsInner()
                                        .role("user")
                                        .content("I prefer dark mode in every editor."))));
        assertEquals(1, learned.getAdded().size(), learned::toString);

        var called = new AgentToolsApi(client)
                .callTool(
                        SCOPE,
                        new CallToolRequest()
                                .name(CallToolRequest.NameEnum.RECALL)
                                .arguments(java.util.Map.of("query", "cat")));
        assertTrue(called.getContent().contains("Miso"), called::toString);

        ConversationWindowsApi windows = new ConversationWindowsApi(client);
        windows.saveWindow(SCOPE, "chat-1", new WindowInput().content("user: Hi"), null, "*");
        Window window = windows.saveWindow(
                SCOPE, "chat-1", new WindowInput().content("user: Hi\nassistant: Hello"), null, null);
        assertEquals(
                "user: Hi\nassistant: Hello", windows.getWindow(SCOPE, "chat-1").getContent());
        assertEquals(
                window.getSize(),
                windows.listWindows(SCOPE, null, null).getItems().get(0).getSize());
        windows.forgetWindowQuery(SCOPE, "chat-1");
        assertEquals(
                0, windows.listWindows(SCOPE, null, null).getItems().size(), "a forgotten window is listed no more");

        ExportAndImportApi transfer = new ExportAndImportApi(client);
        String exported = text(client, "/api/v1/export");
        ApiClient other = client(Tokens.token(Tokens.newTenant("client-copy"), Tokens.ALL_ROLES));
        ImportCounts counts = new ExportAndImportApi(other).importTenant(exported, false);
        assertEquals(5, counts.getFacts().getCreated(), counts::toString);
        assertEquals(
                0,
                new ExportAndImportApi(other)
                        .importTenant(exported, false)
                        .getFacts()
                        .getCreated());

        ApiException missing =
                assertThrows(ApiException.class, () -> facts.getFact(SCOPE, "00000000-0000-7000-8000-000000000000"));
        assertEquals(404, missing.getCode());
        validate(missing.getResponseBody(), "Problem");

        assertEquals(List.of(), violations, "answers that the document's schemas refuse");
        assertTrue(validated.size() >= 15, () -> "only " + validated + " were validated");
    }

    /** The answer against the document's schema of the model it is read into: every model is one of its schemas. */
    private void validate(String json, String schema) {
        List<com.networknt.schema.Error> errors = schemas.getSchema(
                        SchemaLocation.of(DOCUMENT + "#/components/schemas/" + schema))
                .validate(json, InputFormat.JSON);
        validated.add(schema);
        if (!errors.isEmpty()) {
            violations.add(schema + ": " + errors + " in " + json);
        }
    }

    /** Reads every JSON answer as the generated client does, after validating it against the document. */
    private final class ValidatingMapper extends ObjectMapper {
        ValidatingMapper(ObjectMapper generated) {
            super(generated);
        }

        @Override
        public ObjectMapper copy() { // each generated API takes a copy of the client's mapper
            return new ValidatingMapper(this);
        }

        @Override
        public <T> T readValue(String content, TypeReference<T> type) throws JsonProcessingException {
            if (type.getType() instanceof Class<?> model
                    && model.getPackageName().equals(Fact.class.getPackageName())) {
                validate(content, model.getSimpleName());
            }
            return super.readValue(content, type);
        }
    }

    /**
     * A GET of a Markdown or JSON-lines body through the generated client's HttpClient and interceptor: the
     * client's own methods read every body but text/plain as JSON.
     */
    private static String text(ApiClient client, String path) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(client.getBaseUri() + path));
        client.getRequestInterceptor().accept(request);
        try {
            HttpResponse<String> response =
                    client.getHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode(), response::body);
            return response.body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private ApiClient client(String token) {
        ApiClient client = new ApiClient();
        client.setObjectMapper(new ValidatingMapper(client.getObjectMapper()));
        client.updateBaseUri(Api.serverBase().toString().replaceAll("/$", ""));
        client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + token));
        return client;
    }
}
