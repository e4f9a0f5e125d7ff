package dev.memoria.console.boundary;

import dev.memoria.console.control.BarChart;
import dev.memoria.console.control.ConsoleAuditTrail;
import dev.memoria.console.control.ConsoleChanges;
import dev.memoria.console.control.ConsoleOverview;
import dev.memoria.console.control.OffsetPage;
import dev.memoria.lifecycle.control.JobKind;
import dev.memoria.lifecycle.control.JobRuns;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.quota.control.OverridesInput;
import dev.memoria.quota.control.Quotas;
import dev.memoria.quota.entity.Overrides;
import dev.memoria.quota.entity.QuotaLimits;
import dev.memoria.scope.control.ScopeRepository;
import dev.memoria.tenant.control.TenantSettingsService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObjectBuilder;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Dashboard, tenant list, one tenant (settings and scopes), and the audit log. */
@ApplicationScoped
public class OverviewPages {

    static final int CHART_DAYS = 30;
    static final int PAGE_SIZE = 25;

    /** A job's last run on this server, as the dashboard lists it. */
    public record JobRow(String name, Instant startedAt, long tookMillis, long tenants, long removed, long runs) {}

    /** One quota on the tenant page: the override as typed (blank: the default), the limit that holds, the use. */
    public record QuotaRow(
            String field, String label, String override, String effective, String serverDefault, Long used) {}

    /** The tenant's settings as the settings form shows them. */
    public record SettingsForm(
            int maxLogDays,
            int maxContextEntries,
            double dedupeThreshold,
            int maxFactsPerScope,
            double forgetBelow,
            boolean semanticRecall,
            String supersede) {}

    @Inject
    Clock clock;

    @Inject
    ConsoleOverview overview;

    @Inject
    ConsoleAuditTrail auditTrail;

    @Inject
    JobRuns jobRuns;

    @Inject
    TenantBinding binding;

    @Inject
    TenantSettingsService settings;

    @Inject
    ScopeRepository scopes;

    @Inject
    ConsoleChanges changes;

    @Inject
    Quotas quotas;

    public View dashboard(ConsoleRequest request) {
        Instant now = Timestamps.now(clock);
        LocalDate firstDay = LocalDate.ofInstant(now, ZoneOffset.UTC).minusDays(CHART_DAYS - 1L);
        Map<String, Object> model = request.model("dashboard");
        model.put("totals", overview.totals(now));
        model.put("chart", BarChart.of(firstDay, CHART_DAYS, overview.factsWrittenPerDay(firstDay)));
        List<JobRow> jobs = new ArrayList<>();
        for (JobKind kind : JobKind.values()) {
            Optional<JobRuns.Run> last = jobRuns.last(kind);
            jobs.add(new JobRow(
                    kind.wireName(),
                    last.map(JobRuns.Run::startedAt).orElse(null),
                    last.map(run -> run.took().toMillis()).orElse(0L),
                    last.map(JobRuns.Run::tenants).orElse(0L),
                    last.map(JobRuns.Run::removed).orElse(0L),
                    jobRuns.runs(kind)));
        }
        model.put("jobs", jobs);
        model.put("passwordChanged", request.http().getParameter("password-changed") != null);
        return View.page("dashboard", model);
    }

    public View tenants(ConsoleRequest request) {
        String search = request.param("q");
        int number = OffsetPage.number(request.param("page"));
        Map<String, Object> model = request.model("tenants");
        model.put("q", search);
        model.put(
                "page",
                OffsetPage.of(
                        number,
                        PAGE_SIZE,
                        overview.tenants(
                                search == null ? null : search.toLowerCase(java.util.Locale.ROOT),
                                OffsetPage.offset(number, PAGE_SIZE),
                                PAGE_SIZE,
                                Timestamps.now(clock))));
        return View.page("tenants", model);
    }

    public View tenant(ConsoleRequest request) {
        String tenant = binding.bind(request);
        String after = request.param("after");
        List<ScopeRepository.ScopeSummary> rows =
                scopes.list(Optional.empty(), after, PAGE_SIZE, Timestamps.now(clock));
        Map<String, Object> model = request.model("tenants");
        model.put("tenant", tenant);
        var current = settings.current();
        model.put(
                "settings",
                new SettingsForm(
                        current.maxLogDays(),
                        current.maxContextEntries(),
                        current.dedupeThreshold(),
                        current.maxFactsPerScope(),
                        current.forgetBelow(),
                        current.semanticRecall(),
                        current.supersede()));
        model.put("scopes", rows.stream().limit(PAGE_SIZE).toList());
        model.put("after", after);
        model.put("nextAfter", rows.size() > PAGE_SIZE ? rows.get(PAGE_SIZE - 1).scope() : null);
        model.put("saved", request.http().getParameter("saved") != null);
        model.put("quotasSaved", request.http().getParameter("quotas-saved") != null);
        model.put("quotas", quotaRows());
        return View.page("tenant", model);
    }

    /** The operator's quotas for the tenant: each field's override as typed, and the limit that holds. */
    public View changeQuotas(ConsoleRequest request) {
        String tenant = binding.bind(request);
        changes.changeQuotas(OverridesInput.parse(request::param));
        return View.redirect("/console/tenants/" + tenant + "?quotas-saved");
    }

    private List<QuotaRow> quotaRows() {
        Quotas.Usage usage = quotas.usage();
        QuotaLimits limits = usage.limits();
        QuotaLimits defaults = quotas.defaults();
        Overrides set = quotas.overrides();
        return List.of(
                new QuotaRow(
                        "requests_per_second",
                        "Requests a second (tenant)",
                        OverridesInput.text(set.requestsPerSecond()),
                        rate(limits.tenantRate(), true),
                        rate(defaults.tenantRate(), true),
                        null),
                new QuotaRow(
                        "burst",
                        "Burst (tenant)",
                        OverridesInput.text(set.burst()),
                        rate(limits.tenantRate(), false),
                        rate(defaults.tenantRate(), false),
                        null),
                new QuotaRow(
                        "subject_requests_per_second",
                        "Requests a second (one token subject)",
                        OverridesInput.text(set.subjectRequestsPerSecond()),
                        rate(limits.subjectRate(), true),
                        rate(defaults.subjectRate(), true),
                        null),
                new QuotaRow(
                        "subject_burst",
                        "Burst (one token subject)",
                        OverridesInput.text(set.subjectBurst()),
                        rate(limits.subjectRate(), false),
                        rate(defaults.subjectRate(), false),
                        null),
                new QuotaRow(
                        "facts",
                        "Facts held",
                        OverridesInput.text(set.facts()),
                        count(limits.facts()),
                        count(defaults.facts()),
                        usage.facts()),
                new QuotaRow(
                        "scopes",
                        "Scopes",
                        OverridesInput.text(set.scopes()),
                        count(limits.scopes()),
                        count(defaults.scopes()),
                        usage.scopes()));
    }

    private static String rate(QuotaLimits.Rate rate, boolean perSecond) {
        return rate == null ? "unlimited" : String.valueOf(perSecond ? rate.perSecond() : rate.burst());
    }

    private static String count(Long limit) {
        return limit == null ? "unlimited" : String.valueOf(limit);
    }

    public View changeSettings(ConsoleRequest request) {
        String tenant = binding.bind(request);
        JsonObjectBuilder json = Jsons.createObjectBuilder();
        for (String field : List.of(
                "max_log_days", "max_context_entries", "dedupe_threshold", "max_facts_per_scope", "forget_below")) {
            String value = request.param(field);
            if (value != null) {
                addNumber(json, field, value);
            }
        }
        String semantic = request.param("semantic_recall");
        if (semantic != null) { // a select of true and false: anything else goes on as text, for the service to refuse
            if (semantic.equals("true") || semantic.equals("false")) {
                json.add("semantic_recall", Boolean.parseBoolean(semantic));
            } else {
                json.add("semantic_recall", semantic);
            }
        }
        String supersede = request.param("supersede");
        if (supersede != null) {
            json.add("supersede", supersede);
        }
        changes.changeSettings(json.build());
        return View.redirect("/console/tenants/" + tenant + "?saved");
    }

    public View audit(ConsoleRequest request) {
        String tenant = request.param("tenant");
        String actor = request.param("actor");
        int number = OffsetPage.number(request.param("page"));
        Map<String, Object> model = request.model("audit");
        model.put("tenant", tenant);
        model.put("actor", actor);
        model.put(
                "page",
                OffsetPage.of(
                        number,
                        PAGE_SIZE,
                        auditTrail.page(tenant, actor, OffsetPage.offset(number, PAGE_SIZE), PAGE_SIZE)));
        return View.page("audit", model);
    }

    /** A number as typed; text that is no number goes on as text, so the service names the field in its error. */
    static void addNumber(JsonObjectBuilder json, String field, String value) {
        try {
            json.add(field, new BigDecimal(value));
        } catch (NumberFormatException notANumber) {
            json.add(field, value);
        }
    }
}
