package dev.memoria.agent.boundary;

import dev.memoria.agent.control.AgentTool;
import dev.memoria.agent.control.ToolArguments;
import dev.memoria.agent.control.ToolCatalog;
import dev.memoria.memorymd.control.MemoryMarkdownService;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.control.ScopeAccess;
import dev.memoria.scope.control.ScopeRepository;
import dev.memoria.scope.entity.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/** The MCP methods (JSON-RPC 2.0) behind /mcp: lifecycle, tools and the MEMORY.md resources. */
@ApplicationScoped
public class McpDispatcher {

    public static final String LATEST_PROTOCOL = "2025-06-18";
    public static final List<String> PROTOCOLS = List.of(LATEST_PROTOCOL, "2025-03-26");
    static final String SOURCE = "mcp";
    static final String RESOURCE_PREFIX = "memory://";
    static final String RESOURCE_SUFFIX = "/MEMORY.md";
    private static final int RESOURCES_PAGE = 100;
    private static final Logger LOG = Logger.getLogger(McpDispatcher.class.getName());

    /** JSON-RPC error codes used here. */
    static final int INVALID_REQUEST = -32600;

    static final int METHOD_NOT_FOUND = -32601;
    static final int INVALID_PARAMS = -32602;
    static final int INTERNAL_ERROR = -32603;
    static final int RESOURCE_NOT_FOUND = -32002;

    /** A JSON-RPC error answer. */
    static final class RpcError extends RuntimeException {
        final int code;

        RpcError(int code, String message) {
            super(message, null, false, false);
            this.code = code;
        }
    }

    @Inject
    Clock clock;

    @Inject
    ToolCalls calls;

    @Inject
    MemoryMarkdownService memoryFiles;

    @Inject
    ScopeRepository scopes;

    @Inject
    ScopeAccess access;

    /** The protocol version answered to an initialize that asked for {@code requested}. */
    public static String negotiate(String requested) {
        return PROTOCOLS.contains(requested) ? requested : LATEST_PROTOCOL;
    }

    /** Answers one request; {@code canWrite} is whether the token holds memory.write or admin. */
    public JsonObject answer(JsonObject request, boolean canWrite) {
        JsonValue id = request.get("id");
        try {
            return Jsons.createObjectBuilder()
                    .add("jsonrpc", "2.0")
                    .add("id", id)
                    .add("result", result(request.getString("method"), params(request), canWrite))
                    .build();
        } catch (RpcError error) {
            return error(id, error.code, error.getMessage());
        } catch (RuntimeException unexpected) {
            LOG.log(Level.SEVERE, "MCP request failed", unexpected);
            return error(id, INTERNAL_ERROR, "Internal error");
        }
    }

    static JsonObject error(JsonValue id, int code, String message) {
        return Jsons.createObjectBuilder()
                .add("jsonrpc", "2.0")
                .add("id", id == null ? JsonValue.NULL : id)
                .add("error", Jsons.createObjectBuilder().add("code", code).add("message", message))
                .build();
    }

    private JsonObject result(String method, JsonObject params, boolean canWrite) {
        return switch (method) {
            case "initialize" -> initialize(params);
            case "ping" -> JsonValue.EMPTY_JSON_OBJECT;
            case "tools/list" ->
                Jsons.createObjectBuilder()
                        .add("tools", ToolCatalog.render(ToolCatalog.Format.MCP, Arrays.asList(AgentTool.values())))
                        .build();
            case "tools/call" -> callTool(params, canWrite);
            case "resources/list" -> listResources(params);
            case "resources/templates/list" ->
                Jsons.createObjectBuilder()
                        .add(
                                "resourceTemplates",
                                Jsons.createArrayBuilder()
                                        .add(Jsons.createObjectBuilder()
                                                .add("uriTemplate", RESOURCE_PREFIX + "{scope}" + RESOURCE_SUFFIX)
                                                .add("name", "MEMORY.md")
                                                .add("mimeType", "text/markdown")
                                                .add("description", "The pinned facts of a scope as MEMORY.md")))
                        .build();
            case "resources/read" -> readResource(params);
            default -> throw new RpcError(METHOD_NOT_FOUND, "Method not found: " + method);
        };
    }

    private static JsonObject initialize(JsonObject params) {
        String requested = params.get("protocolVersion") instanceof JsonString s ? s.getString() : LATEST_PROTOCOL;
        return Jsons.createObjectBuilder()
                .add("protocolVersion", negotiate(requested))
                .add(
                        "capabilities",
                        Jsons.createObjectBuilder()
                                .add("tools", Jsons.createObjectBuilder().add("listChanged", false))
                                .add(
                                        "resources",
                                        Jsons.createObjectBuilder()
                                                .add("subscribe", false)
                                                .add("listChanged", false)))
                .add(
                        "serverInfo",
                        Jsons.createObjectBuilder()
                                .add("name", "memoria")
                                .add("title", "Memoria")
                                .add("version", "1.0.0"))
                .add(
                        "instructions",
                        "Long-term memory. Call recall before answering questions about the user or "
                                + "earlier work; call remember when you learn a durable fact or preference. Tools take an "
                                + "optional scope (default: the token's only memory scope, else global).")
                .build();
    }

    private JsonObject callTool(JsonObject params, boolean canWrite) {
        if (!(params.get("name") instanceof JsonString name)) {
            throw new RpcError(INVALID_PARAMS, "tools/call needs a tool name");
        }
        AgentTool tool = AgentTool.fromWire(name.getString())
                .orElseThrow(() -> new RpcError(INVALID_PARAMS, "Unknown tool: " + name.getString()));
        JsonValue arguments = params.getOrDefault("arguments", JsonValue.EMPTY_JSON_OBJECT);
        if (!(arguments instanceof JsonObject args)) {
            throw new RpcError(INVALID_PARAMS, "Tool arguments must be an object");
        }
        try {
            ToolCalls.Result result =
                    calls.call(tool, new ToolArguments(tool, args, true), scopeOf(args), canWrite, SOURCE);
            return Jsons.createObjectBuilder()
                    .add("content", text(result.content()))
                    .add("structuredContent", result.data())
                    .add("isError", false)
                    .build();
        } catch (DomainException problem) {
            // A tool that fails answers the model with the reason, so it can correct the call.
            return Jsons.createObjectBuilder()
                    .add("content", text(describe(problem)))
                    .add("isError", true)
                    .build();
        }
    }

    /** The scope argument, else the token's only memory scope, else global. */
    private Scope scopeOf(JsonObject args) {
        if (args.get("scope") instanceof JsonString scope) {
            return Scope.of(scope.getString());
        }
        if (args.containsKey("scope") && args.get("scope") != JsonValue.NULL) {
            throw DomainException.invalid("arguments.scope", "must be a string");
        }
        return access.allowedScopes()
                .filter(list -> list.size() == 1)
                .map(list -> list.get(0))
                .orElse(Scope.of("global"));
    }

    private JsonObject listResources(JsonObject params) {
        String after = params.get("cursor") instanceof JsonString cursor ? cursor.getString() : null;
        List<ScopeRepository.ScopeSummary> rows =
                scopes.list(access.allowedScopes(), after, RESOURCES_PAGE, Timestamps.now(clock));
        JsonArrayBuilder resources = Jsons.createArrayBuilder();
        rows.stream()
                .limit(RESOURCES_PAGE)
                .forEach(row -> resources.add(Jsons.createObjectBuilder()
                        .add("uri", RESOURCE_PREFIX + row.scope() + RESOURCE_SUFFIX)
                        .add("name", "MEMORY.md of " + row.scope())
                        .add("description", row.persistentFacts() + " pinned facts of scope " + row.scope())
                        .add("mimeType", "text/markdown")));
        JsonObjectBuilder result = Jsons.createObjectBuilder().add("resources", resources);
        if (rows.size() > RESOURCES_PAGE) {
            result.add("nextCursor", rows.get(RESOURCES_PAGE - 1).scope());
        }
        return result.build();
    }

    private JsonObject readResource(JsonObject params) {
        String uri = params.get("uri") instanceof JsonString s ? s.getString() : "";
        Scope scope =
                resourceScope(uri).orElseThrow(() -> new RpcError(RESOURCE_NOT_FOUND, "Resource not found: " + uri));
        if (!access.canAccess(scope)) {
            throw new RpcError(RESOURCE_NOT_FOUND, "Resource not found: " + uri);
        }
        return Jsons.createObjectBuilder()
                .add(
                        "contents",
                        Jsons.createArrayBuilder()
                                .add(Jsons.createObjectBuilder()
                                        .add("uri", uri)
                                        .add("mimeType", "text/markdown")
                                        .add("text", memoryFiles.export(scope))))
                .build();
    }

    /** The scope named by memory://{scope}/MEMORY.md, if the URI is one. */
    static Optional<Scope> resourceScope(String uri) {
        if (!uri.startsWith(RESOURCE_PREFIX) || !uri.endsWith(RESOURCE_SUFFIX)) {
            return Optional.empty();
        }
        String scope = uri.substring(RESOURCE_PREFIX.length(), uri.length() - RESOURCE_SUFFIX.length());
        return Scope.problemWith(scope) == null ? Optional.of(Scope.of(scope)) : Optional.empty();
    }

    private static JsonObject params(JsonObject request) {
        JsonValue params = request.get("params");
        if (params == null || params == JsonValue.NULL) {
            return JsonValue.EMPTY_JSON_OBJECT;
        }
        if (!(params instanceof JsonObject object)) {
            throw new RpcError(INVALID_PARAMS, "params must be an object");
        }
        return object;
    }

    private static JsonArrayBuilder text(String text) {
        return Jsons.createArrayBuilder()
                .add(Jsons.createObjectBuilder().add("type", "text").add("text", text));
    }

    private static String describe(DomainException problem) {
        StringBuilder text = new StringBuilder(problem.title()).append(": ").append(problem.getMessage());
        problem.errors()
                .forEach(error ->
                        text.append("\n- ").append(error.field()).append(": ").append(error.message()));
        return text.toString();
    }
}
