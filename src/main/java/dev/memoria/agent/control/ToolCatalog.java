package dev.memoria.agent.control;

import dev.memoria.fact.control.FactInput;
import dev.memoria.fact.entity.FactKey;
import dev.memoria.platform.control.Jsons;
import dev.memoria.recall.control.RecallService;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tool definitions agents register: one JSON Schema per tool, rendered for OpenAI, Anthropic or MCP.
 * Descriptions tell a model when to call each tool, because that is what decides whether it does.
 */
public final class ToolCatalog {

    /** Wire formats of a tool list. */
    public enum Format {
        OPENAI,
        ANTHROPIC,
        MCP
    }

    public static final int MAX_QUERY = 2000;

    private ToolCatalog() {}

    /** The argument names each tool accepts, without and with the MCP scope argument. */
    private static final Map<AgentTool, Set<String>> ARGUMENTS = names(false);

    private static final Map<AgentTool, Set<String>> MCP_ARGUMENTS = names(true);

    public static Set<String> argumentNames(AgentTool tool, boolean withScope) {
        return (withScope ? MCP_ARGUMENTS : ARGUMENTS).get(tool);
    }

    private static Map<AgentTool, Set<String>> names(boolean withScope) {
        Map<AgentTool, Set<String>> names = new EnumMap<>(AgentTool.class);
        for (AgentTool tool : AgentTool.values()) {
            names.put(
                    tool,
                    Set.copyOf(inputSchema(tool, withScope)
                            .getJsonObject("properties")
                            .keySet()));
        }
        return names;
    }

    public static String description(AgentTool tool) {
        return switch (tool) {
            case REMEMBER ->
                "Save one durable fact to long-term memory: a preference, a personal detail, a decision, "
                        + "or anything the user asks you to remember. Call it whenever you learn something that will "
                        + "matter in a later conversation; write the fact as a short standalone sentence. Do not save "
                        + "greetings, small talk or things only relevant to this turn. Saving a near-duplicate reinforces "
                        + "the existing memory instead of adding a copy.";
            case RECALL ->
                "Look up what you remember that is relevant to the current question, ranked by relevance, "
                        + "importance and freshness. Call it before answering anything about the user, their preferences, "
                        + "their projects or earlier conversations.";
            case SEARCH_MEMORY ->
                "Keyword search over memory (BM25), best matches first. Use it to find a specific "
                        + "fact by its words, for example before updating or deleting it.";
            case LIST_MEMORIES ->
                "List stored memories, newest first, optionally only one category. Use it to review "
                        + "what is known, not to answer a question (use recall for that).";
            case DELETE_MEMORY ->
                "Forget one memory by its key or id. Call it when the user asks you to forget "
                        + "something or a stored fact turned out to be wrong.";
            case STATS -> "Counts of what is remembered: facts, pinned facts, types, categories, log days, snapshots.";
            case SNAPSHOT -> "Save a named snapshot of all memories, so they can be restored later.";
            case RESTORE -> "Replace all current memories with a named snapshot. Destructive: only when the user asks.";
        };
    }

    /** The JSON Schema of a tool's arguments; MCP tools also take the scope they act on. */
    public static JsonObject inputSchema(AgentTool tool, boolean withScope) {
        Schema schema = new Schema();
        switch (tool) {
            case REMEMBER ->
                schema.string("content", "The fact, as a short standalone sentence.", 1, FactInput.MAX_CONTENT, true)
                        .string(
                                "category",
                                "A short topic such as preferences, profile, project, technical. Default: general.",
                                1,
                                FactInput.MAX_CATEGORY,
                                false)
                        .bool(
                                "persistent",
                                "True to pin the fact to the always-loaded MEMORY.md (stable preferences, "
                                        + "identity). Default: false.")
                        .number("importance", "How much this matters, 0.0 to 1.0. Default: 0.5.", 0.0, 1.0)
                        .enumeration(
                                "type",
                                "semantic (a fact or preference, default), episodic (an event), "
                                        + "procedural (how the user wants things done).",
                                "semantic",
                                "episodic",
                                "procedural")
                        .tags();
            case RECALL ->
                schema.string("query", "What you want to know, in plain words.", 1, MAX_QUERY, true)
                        .integer(
                                "limit",
                                "How many memories to return, 1 to " + RecallService.MAX_LIMIT + ". Default: "
                                        + RecallService.DEFAULT_LIMIT + ".",
                                1,
                                RecallService.MAX_LIMIT);
            case SEARCH_MEMORY ->
                schema.string("query", "The words to look for.", 1, MAX_QUERY, true)
                        .integer("top_k", "How many results, 1 to 100. Default: 10.", 1, 100);
            case LIST_MEMORIES ->
                schema.string("category", "Only memories of this category.", 1, FactInput.MAX_CATEGORY, false)
                        .integer("limit", "How many memories, 1 to 100. Default: 20.", 1, 100);
            case DELETE_MEMORY ->
                schema.string(
                        "key_or_id",
                        "The memory's key, or its id as returned by the other tools.",
                        1,
                        FactKey.MAX_LENGTH,
                        true);
            case STATS -> {}
            case SNAPSHOT, RESTORE ->
                schema.pattern(
                        "name",
                        "Snapshot name: 1 to 64 letters, digits, '.', '_' or '-', never '.' or '..'.",
                        "^[A-Za-z0-9._-]{1,64}$");
        }
        if (withScope && tool == AgentTool.RECALL) {
            schema.scopes();
        }
        if (withScope) {
            schema.string(
                    "scope",
                    "The memory scope, such as user:42. Default: the token's only memory scope, else global.",
                    1,
                    600,
                    false);
        }
        return schema.build();
    }

    public static JsonArray render(Format format, List<AgentTool> tools) {
        JsonArrayBuilder array = Jsons.createArrayBuilder();
        for (AgentTool tool : tools) {
            array.add(render(format, tool));
        }
        return array.build();
    }

    private static JsonObject render(Format format, AgentTool tool) {
        String name = tool.wireName();
        String description = description(tool);
        return switch (format) {
            case OPENAI ->
                Jsons.createObjectBuilder()
                        .add("type", "function")
                        .add(
                                "function",
                                Jsons.createObjectBuilder()
                                        .add("name", name)
                                        .add("description", description)
                                        .add("parameters", inputSchema(tool, false)))
                        .build();
            case ANTHROPIC ->
                Jsons.createObjectBuilder()
                        .add("name", name)
                        .add("description", description)
                        .add("input_schema", inputSchema(tool, false))
                        .build();
            case MCP ->
                Jsons.createObjectBuilder()
                        .add("name", name)
                        .add("description", description)
                        .add("inputSchema", inputSchema(tool, true))
                        .add(
                                "annotations",
                                Jsons.createObjectBuilder()
                                        .add("readOnlyHint", !tool.writes())
                                        .add(
                                                "destructiveHint",
                                                tool == AgentTool.DELETE_MEMORY || tool == AgentTool.RESTORE)
                                        .add("openWorldHint", false))
                        .build();
        };
    }

    /** A small builder for the flat object schemas the tools use. */
    private static final class Schema {
        private final JsonObjectBuilder properties = Jsons.createObjectBuilder();
        private final List<String> required = new ArrayList<>();

        Schema string(String name, String description, int min, int max, boolean isRequired) {
            properties.add(
                    name,
                    Jsons.createObjectBuilder()
                            .add("type", "string")
                            .add("description", description)
                            .add("minLength", min)
                            .add("maxLength", max));
            if (isRequired) {
                required.add(name);
            }
            return this;
        }

        Schema pattern(String name, String description, String regex) {
            properties.add(
                    name,
                    Jsons.createObjectBuilder()
                            .add("type", "string")
                            .add("description", description)
                            .add("pattern", regex));
            required.add(name);
            return this;
        }

        Schema bool(String name, String description) {
            properties.add(
                    name, Jsons.createObjectBuilder().add("type", "boolean").add("description", description));
            return this;
        }

        Schema number(String name, String description, double min, double max) {
            properties.add(
                    name,
                    Jsons.createObjectBuilder()
                            .add("type", "number")
                            .add("description", description)
                            .add("minimum", min)
                            .add("maximum", max));
            return this;
        }

        Schema integer(String name, String description, int min, int max) {
            properties.add(
                    name,
                    Jsons.createObjectBuilder()
                            .add("type", "integer")
                            .add("description", description)
                            .add("minimum", min)
                            .add("maximum", max));
            return this;
        }

        Schema enumeration(String name, String description, String... values) {
            properties.add(
                    name,
                    Jsons.createObjectBuilder()
                            .add("type", "string")
                            .add("description", description)
                            .add("enum", Jsons.createArrayBuilder(List.of(values))));
            return this;
        }

        /** Several scopes read at once (MCP's recall), instead of the one scope. */
        Schema scopes() {
            properties.add(
                    "scopes",
                    Jsons.createObjectBuilder()
                            .add("type", "array")
                            .add(
                                    "description",
                                    "Several scopes to recall from at once, ranked together (such as the user's, your own"
                                            + " for the user, and global); instead of scope. At most 10.")
                            .add("minItems", 1)
                            .add("maxItems", 10)
                            .add(
                                    "items",
                                    Jsons.createObjectBuilder()
                                            .add("type", "string")
                                            .add("minLength", 1)
                                            .add("maxLength", 600)));
            return this;
        }

        Schema tags() {
            properties.add(
                    "tags",
                    Jsons.createObjectBuilder()
                            .add("type", "array")
                            .add("description", "Optional labels for filtering, at most " + FactInput.MAX_TAGS + ".")
                            .add("maxItems", FactInput.MAX_TAGS)
                            .add(
                                    "items",
                                    Jsons.createObjectBuilder()
                                            .add("type", "string")
                                            .add("minLength", 1)
                                            .add("maxLength", FactInput.MAX_TAG)));
            return this;
        }

        JsonObject build() {
            return Jsons.createObjectBuilder()
                    .add("type", "object")
                    .add("properties", properties)
                    .add("required", Jsons.createArrayBuilder(required))
                    .add("additionalProperties", false)
                    .build();
        }
    }
}
