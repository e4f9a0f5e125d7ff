package dev.memoria.tenant.control;

import dev.memoria.platform.control.FieldReader;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.tenant.entity.SettingsChanged;
import dev.memoria.tenant.entity.TenantSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.Objects;
import java.util.Set;

/** Reads and changes the caller's tenant settings; a change is validated whole before anything is stored. */
@ApplicationScoped
@Transactional
public class TenantSettingsService {

    static final Set<String> FIELDS = Set.of(
            "max_log_days",
            "max_context_entries",
            "dedupe_threshold",
            "max_facts_per_scope",
            "forget_below",
            "semantic_recall",
            "supersede");

    @Inject
    Clock clock;

    @Inject
    TenantSettingsRepository settings;

    @Inject
    Event<SettingsChanged> events;

    public TenantSettings current() {
        return settings.current();
    }

    /** Applies the fields present in {@code body}; absent fields keep their value. */
    public TenantSettings change(JsonValue body) {
        FieldReader fields = FieldReader.body(body, FIELDS);
        TenantSettings current = settings.current().copy(); // the merge below changes the managed instance
        int maxLogDays = (int) whole(fields, "max_log_days", current.maxLogDays(), 1, TenantSettings.MOST_LOG_DAYS);
        int maxContextEntries = (int) whole(
                fields, "max_context_entries", current.maxContextEntries(), 0, TenantSettings.MOST_CONTEXT_ENTRIES);
        double dedupeThreshold = number(fields, "dedupe_threshold", current.dedupeThreshold());
        int maxFacts = (int) whole(
                fields, "max_facts_per_scope", current.maxFactsPerScope(), 1, TenantSettings.MOST_FACTS_PER_SCOPE);
        double forgetBelow = number(fields, "forget_below", current.forgetBelow());
        boolean semanticRecall = fields.has("semantic_recall")
                ? Objects.requireNonNullElse(fields.bool("semantic_recall"), current.semanticRecall())
                : current.semanticRecall();
        String supersede = current.supersede();
        if (fields.has("supersede")) {
            String mode = fields.value("supersede") instanceof JsonString text ? text.getString() : null;
            if (TenantSettings.AUTO.equals(mode) || TenantSettings.EXPLICIT.equals(mode)) {
                supersede = mode;
            } else {
                fields.error("supersede", "must be \"auto\" or \"explicit\"");
            }
        }
        fields.validate();
        TenantSettings changed = TenantSettings.defaults(current.tenantId());
        changed.supersede(supersede);
        changed.change(
                maxLogDays,
                maxContextEntries,
                dedupeThreshold,
                maxFacts,
                forgetBelow,
                semanticRecall,
                Timestamps.now(clock));
        TenantSettings saved = settings.save(changed);
        events.fire(new SettingsChanged(current, saved));
        return saved;
    }

    /** A whole-number setting from {@code min} to {@code max}; absent, it keeps {@code current}. */
    private static long whole(FieldReader fields, String name, long current, long min, long max) {
        Long value = fields.has(name) ? fields.wholeNumber(name, min, max) : null;
        return value == null ? current : value;
    }

    /** A fractional setting from 0 to 1; absent, it keeps {@code current}. */
    private static double number(FieldReader fields, String name, double current) {
        Double value = fields.has(name) ? fields.number(name, 0.0, 1.0) : null;
        return value == null ? current : value;
    }
}
