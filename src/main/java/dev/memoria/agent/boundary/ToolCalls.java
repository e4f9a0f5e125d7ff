package dev.memoria.agent.boundary;

import dev.memoria.agent.control.AgentTool;
import dev.memoria.agent.control.ToolArguments;
import dev.memoria.agent.control.ToolCatalog;
import dev.memoria.embedding.control.EmbeddingCounts;
import dev.memoria.fact.boundary.FactJson;
import dev.memoria.fact.control.FactFilter;
import dev.memoria.fact.control.FactInput;
import dev.memoria.fact.control.FactService;
import dev.memoria.fact.control.RememberService;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactKey;
import dev.memoria.fact.entity.FactView;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.recall.boundary.RecallJson;
import dev.memoria.recall.control.ContextBlock;
import dev.memoria.recall.control.RecallMode;
import dev.memoria.recall.control.RecallService;
import dev.memoria.scope.control.ScopeAccess;
import dev.memoria.scope.entity.Scope;
import dev.memoria.snapshot.boundary.SnapshotsResource;
import dev.memoria.snapshot.control.SnapshotService;
import dev.memoria.snapshot.entity.Snapshot;
import dev.memoria.stats.boundary.StatsJson;
import dev.memoria.stats.control.ScopeStatistics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Clock;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Runs one tool call for REST tool-calls and MCP alike: checks role and scope, validates the arguments,
 * calls the same services as the REST API, and answers with text for the model plus structured data.
 */
@ApplicationScoped
public class ToolCalls {

    /** What a tool call gives back: model-ready text and the same result as data. */
    public record Result(String content, JsonObject data) {}

    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    @Inject
    Clock clock;

    @Inject
    EmbeddingCounts vectors;

    @Inject
    FactService facts;

    @Inject
    RememberService remembering;

    @Inject
    RecallService recall;

    @Inject
    ScopeStatistics statistics;

    @Inject
    SnapshotService snapshots;

    @Inject
    ScopeAccess access;

    /**
     * @param canWrite whether the caller holds memory.write (or admin)
     * @param source   the fact source written by remember: "tool" or "mcp"
     */
    public Result call(AgentTool tool, ToolArguments args, Scope scope, boolean canWrite, String source) {
        access.requireAccess(scope);
        if (tool.writes() && !canWrite) {
            throw DomainException.forbidden(
                    "The tool '" + tool.wireName() + "' changes memory and needs the memory.write role.");
        }
        return switch (tool) {
            case REMEMBER -> remember(args, scope, source);
            case RECALL -> recall(args, scope);
            case SEARCH_MEMORY -> search(args, scope);
            case LIST_MEMORIES -> list(args, scope);
            case DELETE_MEMORY -> delete(args, scope);
            case STATS -> stats(args, scope);
            case SNAPSHOT -> snapshot(args, scope);
            case RESTORE -> restore(args, scope);
        };
    }

    private Result remember(ToolArguments args, Scope scope, String source) {
        args.check();
        JsonObjectBuilder input = Jsons.createObjectBuilder(args.json()).add("source", source);
        input.remove("scope");
        RememberService.Remembered remembered =
                remembering.remember(scope, FactInput.parse(input.build(), FactInput.Mode.CREATE, "arguments."));
        Fact fact = remembered.fact();
        String outcome = remembered.outcome().name().toLowerCase(java.util.Locale.ROOT);
        String text = switch (remembered.outcome()) {
                    case CREATED -> "Remembered: ";
                    case REINFORCED -> "Already remembered, reinforced: ";
                    case REPLACED -> "Updated: ";
                }
                + ContextBlock.oneLine(fact.content()) + " (id " + fact.id() + ")";
        return new Result(
                text,
                Jsons.createObjectBuilder()
                        .add("outcome", outcome)
                        .add("fact", FactJson.of(fact, Timestamps.now(clock)))
                        .build());
    }

    private Result recall(ToolArguments args, Scope scope) {
        String query = args.text("query", true, ToolCatalog.MAX_QUERY);
        int limit = args.integer("limit", RecallService.DEFAULT_LIMIT, 1, RecallService.MAX_LIMIT);
        List<String> named = args.texts("scopes", 10);
        args.check();
        List<Scope> scopes = new java.util.ArrayList<>();
        for (String name : named) {
            String problem = Scope.problemWith(name);
            if (problem != null) {
                throw DomainException.invalid("arguments.scopes", "'" + name + "': " + problem);
            }
            scopes.add(Scope.of(name));
        }
        scopes.forEach(access::requireAccess);
        JsonObject data = RecallJson.of(
                query,
                recall.recall(
                        scopes.isEmpty() ? List.of(scope) : scopes,
                        query,
                        limit,
                        RecallService.Filter.none(),
                        RecallMode.HYBRID,
                        0),
                Timestamps.now(clock));
        String context = data.getString("context");
        return new Result(context.isEmpty() ? "Nothing relevant is remembered." : context, data);
    }

    private Result search(ToolArguments args, Scope scope) {
        String query = args.text("query", true, ToolCatalog.MAX_QUERY);
        int topK = args.integer("top_k", 10, 1, 100);
        args.check();
        List<Fact> found = recall.search(scope, query, topK);
        return new Result(
                found.isEmpty() ? "No memory matches '" + query + "'." : lines(found),
                Jsons.createObjectBuilder()
                        .add("query", query)
                        .add("items", FactJson.array(found, Timestamps.now(clock)))
                        .build());
    }

    private Result list(ToolArguments args, Scope scope) {
        String category = args.text("category", false, FactInput.MAX_CATEGORY);
        int limit = args.integer("limit", 20, 1, 100);
        args.check();
        FactService.Page page = facts.list(scope, new FactFilter(category, null, null, null, null), null, limit);
        String text = page.items().isEmpty()
                ? "No memories" + (category == null ? "" : " in category '" + category + "'") + "."
                : lines(page.items()) + (page.next() == null ? "" : "\n(more memories exist; newest shown first)");
        return new Result(
                text,
                Jsons.createObjectBuilder()
                        .add("items", FactJson.array(page.items(), Timestamps.now(clock)))
                        .add("has_more", page.next() != null)
                        .build());
    }

    private Result delete(ToolArguments args, Scope scope) {
        String keyOrId = args.text("key_or_id", true, FactKey.MAX_LENGTH);
        args.check();
        Fact forgotten =
                UUID.matcher(keyOrId).matches() ? forgetByIdOrKey(scope, keyOrId) : facts.forgetByKey(scope, keyOrId);
        return new Result(
                "Forgot: " + ContextBlock.oneLine(forgotten.content()),
                Jsons.createObjectBuilder()
                        .add("deleted", FactJson.of(forgotten, Timestamps.now(clock)))
                        .build());
    }

    private Fact forgetByIdOrKey(Scope scope, String keyOrId) {
        try {
            return facts.forget(scope, keyOrId);
        } catch (DomainException notAnId) {
            if (notAnId.kind() != DomainException.Kind.NOT_FOUND) {
                throw notAnId;
            }
            return facts.forgetByKey(scope, keyOrId);
        }
    }

    private Result stats(ToolArguments args, Scope scope) {
        args.check();
        ScopeStatistics.Stats stats = statistics.of(scope);
        String text = stats.totalFacts() + " facts (" + stats.persistentFacts() + " pinned) in " + scope
                + "; by type " + stats.byType() + "; by category " + stats.byCategory() + "; "
                + stats.logEntries() + " log entries over " + stats.logDays() + " days; " + stats.snapshots()
                + " snapshots.";
        return new Result(text, StatsJson.of(stats, vectors.of(scope)));
    }

    private Result snapshot(ToolArguments args, Scope scope) {
        String name = snapshotName(args);
        Snapshot snapshot = snapshots.create(scope, name);
        return new Result(
                "Saved snapshot '" + snapshot.name() + "' with " + snapshot.factCount() + " facts.",
                SnapshotsResource.json(snapshot));
    }

    private Result restore(ToolArguments args, Scope scope) {
        String name = snapshotName(args);
        int restored = snapshots.restore(scope, name);
        return new Result(
                "Restored snapshot '" + name + "': the scope now holds its " + restored + " facts.",
                Jsons.createObjectBuilder().add("restored", restored).build());
    }

    private static String snapshotName(ToolArguments args) {
        String name = args.text("name", true, Snapshot.MAX_NAME);
        args.check();
        String problem = Snapshot.problemWithName(name);
        if (problem != null) {
            throw DomainException.invalid("arguments.name", problem);
        }
        return name;
    }

    private static String lines(List<? extends FactView> found) {
        StringBuilder text = new StringBuilder();
        for (FactView fact : found) {
            text.append(text.isEmpty() ? "" : "\n")
                    .append("- (")
                    .append(fact.category())
                    .append(") ")
                    .append(ContextBlock.oneLine(fact.content()))
                    .append(" [id ")
                    .append(fact.id())
                    .append(fact.key() == null ? "" : ", key " + fact.key())
                    .append(']');
        }
        return text.toString();
    }
}
