package dev.memoria.tenant.control;

import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.platform.entity.DomainException.FieldError;
import dev.memoria.tenant.entity.SettingsChanged;
import dev.memoria.tenant.entity.TenantSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
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
        if (!(body instanceof JsonObject json)) {
            throw DomainException.invalid("body", "must be a JSON object");
        }
        TenantSettings current = settings.current().copy(); // the merge below changes the managed instance
        List<FieldError> errors = new ArrayList<>();
        json.keySet().stream()
                .filter(name -> !FIELDS.contains(name))
                .forEach(name -> errors.add(new FieldError(name, "unknown field")));
        int maxLogDays = (int) number(json, "max_log_days", current.maxLogDays(), 1, 36500, true, errors);
        int maxContextEntries =
                (int) number(json, "max_context_entries", current.maxContextEntries(), 0, 10000, true, errors);
        double dedupeThreshold = number(json, "dedupe_threshold", current.dedupeThreshold(), 0.0, 1.0, false, errors);
        int maxFacts =
                (int) number(json, "max_facts_per_scope", current.maxFactsPerScope(), 1, 10_000_000, true, errors);
        double forgetBelow = number(json, "forget_below", current.forgetBelow(), 0.0, 1.0, false, errors);
        boolean semanticRecall = current.semanticRecall();
        JsonValue semantic = json.get("semantic_recall");
        if (semantic == JsonValue.TRUE || semantic == JsonValue.FALSE) {
            semanticRecall = semantic == JsonValue.TRUE;
        } else if (semantic != null) {
            errors.add(new FieldError("semantic_recall", "must be true or false"));
        }
        String supersede = current.supersede();
        JsonValue supersedeValue = json.get("supersede");
        if (supersedeValue instanceof JsonString mode
                && (mode.getString().equals(TenantSettings.AUTO)
                        || mode.getString().equals(TenantSettings.EXPLICIT))) {
            supersede = mode.getString();
        } else if (supersedeValue != null) {
            errors.add(new FieldError("supersede", "must be \"auto\" or \"explicit\""));
        }
        if (!errors.isEmpty()) {
            throw DomainException.invalid(errors);
        }
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

    private static double number(
            JsonObject json,
            String name,
            double current,
            double min,
            double max,
            boolean whole,
            List<FieldError> errors) {
        JsonValue value = json.get(name);
        if (value == null) {
            return current;
        }
        if (!(value instanceof JsonNumber number) || (whole && !number.isIntegral())) {
            errors.add(new FieldError(name, whole ? "must be a whole number" : "must be a number"));
            return current;
        }
        double d = number.doubleValue();
        if (d < min || d > max) {
            errors.add(new FieldError(
                    name,
                    "must be between " + (whole ? String.valueOf((long) min) : String.valueOf(min)) + " and "
                            + (whole ? String.valueOf((long) max) : String.valueOf(max))));
            return current;
        }
        return d;
    }
}
