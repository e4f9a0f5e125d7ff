package dev.memoria.console.boundary;

import dev.memoria.console.control.AutomaticSupersessions;
import dev.memoria.console.control.FactSort;
import dev.memoria.console.control.FactTable;
import dev.memoria.console.control.LogDays;
import dev.memoria.console.control.OffsetPage;
import dev.memoria.console.control.PromptPreview;
import dev.memoria.dailylog.control.DailyLogService;
import dev.memoria.fact.control.FactFilter;
import dev.memoria.fact.entity.FactType;
import dev.memoria.memorymd.control.MemoryMarkdownService;
import dev.memoria.platform.boundary.QueryParams;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.recall.control.RecallRanking;
import dev.memoria.recall.control.RecallService;
import dev.memoria.scope.entity.Scope;
import dev.memoria.snapshot.control.SnapshotService;
import dev.memoria.stats.control.ScopeStatistics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** One scope: facts (filters, BM25 search, sorting), MEMORY.md, daily log, snapshots, stats. */
@ApplicationScoped
public class ScopePages {

    static final int PAGE_SIZE = 25;
    static final Set<String> TABS = Set.of("facts", "memory", "logs", "snapshots", "stats");

    /** A log entry as the daily-log tab shows it. */
    public record LogLine(java.time.Instant at, String category, String content, boolean persistent, String factId) {}

    /** A snapshot as the snapshots tab lists it. */
    public record SnapshotRow(String name, java.time.Instant createdAt, int facts) {}

    @Inject
    TenantBinding binding;

    @Inject
    FactTable table;

    @Inject
    MemoryMarkdownService memory;

    @Inject
    DailyLogService logs;

    @Inject
    LogDays logDays;

    @Inject
    SnapshotService snapshots;

    @Inject
    ScopeStatistics statistics;

    @Inject
    PromptPreview preview;

    @Inject
    AutomaticSupersessions automatic;

    /**
     * The agent's view: the /context block for a question exactly as GET /context builds it, and the recall
     * list with every signal and the score; nothing is reinforced, and {@code as_of} shows a past time.
     */
    public View prompt(ConsoleRequest request) {
        Scope scope = binding.bindScope(request);
        Map<String, Object> model = request.model("tenants");
        model.put("tenant", request.path("tenant"));
        model.put("scope", scope.value());
        return agentView(request, "prompt", List.of(scope), model);
    }

    /** How many scopes the agent's view reads at once, as GET /recall?scopes= does. */
    static final int MAX_SCOPES = 10;

    /**
     * The agent's view across the scopes an agent reads ({@code /tenants/{tenant}/prompt?scopes=a,b&q=…}): the one
     * block and recall list GET /context?scopes= and GET /recall?scopes= give it, each fact with its scope.
     */
    public View promptAcross(ConsoleRequest request) {
        String tenant = binding.bind(request);
        List<Scope> scopes = scopes(request.param("scopes"));
        Map<String, Object> model = request.model("tenants");
        model.put("tenant", tenant);
        model.put("scopes", String.join(",", scopes.stream().map(Scope::value).toList()));
        model.put("scopeList", scopes.stream().map(Scope::value).toList());
        return agentView(request, "prompt-across", scopes, model);
    }

    /** The supersessions Memoria decided itself in a tenant (or one of its scopes), newest first, each undoable. */
    public View supersessions(ConsoleRequest request) {
        String tenant = binding.bind(request);
        String scopeParam = request.param("scope");
        Optional<String> scope = scopeParam == null || scopeParam.isBlank()
                ? Optional.empty()
                : Optional.of(Scope.of(scopeParam.strip()).value());
        Map<String, Object> model = request.model("tenants");
        model.put("tenant", tenant);
        model.put("scope", scope.orElse(null));
        model.put("page", automatic.list(scope, OffsetPage.number(request.param("page")), PAGE_SIZE));
        return View.page("supersessions", model);
    }

    /** The question, budget and time of an agent's view, and what the agent gets for them (none without scopes). */
    private View agentView(ConsoleRequest request, String page, List<Scope> scopes, Map<String, Object> model) {
        String query = request.param("q");
        if (query != null && query.length() > RecallService.MAX_QUERY_CHARACTERS) {
            throw DomainException.invalid("q", "must be at most " + RecallService.MAX_QUERY_CHARACTERS + " characters");
        }
        String maxTokens = request.param("max_tokens");
        Integer budget = maxTokens == null ? null : QueryParams.intIn("max_tokens", maxTokens, 0, 1, 1_000_000);
        Instant at = QueryParams.time("as_of", request.param("as_of"));
        model.put("q", query);
        model.put("maxTokens", maxTokens);
        model.put("asOf", request.param("as_of"));
        model.put("at", at);
        model.put("preview", scopes.isEmpty() ? null : preview.of(scopes, query, budget, at));
        model.put("ranking", RecallRanking.explanation());
        return View.page(page, model);
    }

    /** 0-10 distinct scope names as GET /recall?scopes= takes them; blank entries are left out (an empty list shows the form). */
    private static List<Scope> scopes(String names) {
        String given = names == null
                ? ""
                : String.join(
                        ",",
                        java.util.Arrays.stream(names.split(","))
                                .filter(name -> !name.isBlank())
                                .toList());
        return given.isEmpty() ? List.of() : Scope.distinctList(given, MAX_SCOPES);
    }

    public View scope(ConsoleRequest request) {
        Scope scope = binding.bindScope(request);
        String requested = request.param("tab");
        String tab = requested != null && TABS.contains(requested) ? requested : "facts";
        Map<String, Object> model = request.model("tenants");
        model.put("tenant", request.path("tenant"));
        model.put("scope", scope.value());
        model.put("tab", tab);
        model.put("done", request.param("done"));
        switch (tab) {
            case "memory" -> model.put("markdown", memory.export(scope));
            case "logs" -> logsTab(request, scope, model);
            case "snapshots" ->
                model.put(
                        "snapshots",
                        snapshots.list(scope).stream()
                                .map(s -> new SnapshotRow(s.name(), s.createdAt(), s.factCount()))
                                .toList());
            case "stats" -> model.put("stats", statistics.of(scope));
            default -> factsTab(request, scope, model);
        }
        return View.page("scope", model);
    }

    /** The same body as GET /api/v1/scopes/{scope}/memory.md, as a file. */
    public View memoryFile(ConsoleRequest request) {
        Scope scope = binding.bindScope(request);
        return new View.Download("MEMORY.md", "text/markdown", memory.export(scope));
    }

    private void factsTab(ConsoleRequest request, Scope scope, Map<String, Object> model) {
        boolean withSuperseded = "include".equals(request.param("superseded"));
        FactFilter filter = new FactFilter(
                request.param("category"),
                FactType.parameter(request.param("type")),
                request.param("tag"),
                QueryParams.optionalFlag("persistent", request.param("persistent")),
                null,
                withSuperseded);
        String query = request.param("q");
        if (query != null && query.length() > 2000) {
            throw DomainException.invalid("q", "must be at most 2000 characters");
        }
        FactSort sort = FactSort.fromWire(request.param("sort"));
        int number = OffsetPage.number(request.param("page"));
        model.put("filter", filter);
        model.put("q", query);
        model.put("sort", sort.wireName());
        model.put(
                "sorts",
                List.of(FactSort.values()).stream().map(FactSort::wireName).toList());
        model.put(
                "types",
                List.of(FactType.values()).stream().map(FactType::wireName).toList());
        model.put("filterType", filter.type() == null ? null : filter.type().wireName());
        model.put(
                "filterPersistent",
                filter.persistent() == null ? null : filter.persistent().toString());
        model.put(
                "page",
                query == null
                        ? table.list(scope, filter, sort, number, PAGE_SIZE)
                        : table.search(scope, query, filter, number, PAGE_SIZE));
        model.put("withSuperseded", withSuperseded);
        model.put("filterSuperseded", withSuperseded ? "include" : null); // kept by the sort and page links
        if (query == null) {
            long total = table.count(scope, filter);
            FactFilter other = new FactFilter(
                    filter.category(), filter.type(), filter.tag(), filter.persistent(), null, !withSuperseded);
            long current = withSuperseded ? table.count(scope, other) : total;
            // the quota counts superseded facts too: say both, so the two pages agree
            model.put("currentCount", current);
            model.put("supersededCount", (withSuperseded ? total : table.count(scope, other)) - current);
            model.put("total", total);
            model.put("pages", Math.max(1, (total + PAGE_SIZE - 1) / PAGE_SIZE));
        }
    }

    private void logsTab(ConsoleRequest request, Scope scope, Map<String, Object> model) {
        List<LogDays.Day> days = logDays.of(scope);
        model.put("days", days);
        LocalDate day = day(request.param("day"), days);
        model.put("day", day);
        if (day != null) {
            List<LogLine> lines = logs.day(scope, day).stream()
                    .map(e -> new LogLine(e.loggedAt(), e.category(), e.content(), e.persistent(), e.factId()))
                    .toList();
            int number = OffsetPage.number(request.param("page"));
            model.put("total", (long) lines.size());
            model.put("pages", Math.max(1, (lines.size() + PAGE_SIZE - 1) / PAGE_SIZE));
            int from = Math.min(OffsetPage.offset(number, PAGE_SIZE), lines.size());
            model.put(
                    "page",
                    OffsetPage.of(
                            number, PAGE_SIZE, lines.subList(from, Math.min(lines.size(), from + PAGE_SIZE + 1))));
        }
    }

    private static LocalDate day(String text, List<LogDays.Day> days) {
        if (text == null) {
            return days.isEmpty() ? null : days.get(0).day();
        }
        try {
            return LocalDate.parse(text);
        } catch (DateTimeParseException e) {
            throw DomainException.invalid("day", "must be a date such as 2026-03-13");
        }
    }
}
