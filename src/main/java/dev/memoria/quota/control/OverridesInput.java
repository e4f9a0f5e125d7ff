package dev.memoria.quota.control;

import dev.memoria.platform.entity.DomainException;
import dev.memoria.platform.entity.DomainException.FieldError;
import dev.memoria.quota.entity.Overrides;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Overrides as an operator types them: blank keeps the default, "unlimited" lifts the limit, else a whole
 * number (rates at least 1, a burst at least its rate). Every bad field is named at once; nothing is kept.
 */
public final class OverridesInput {

    public static final List<String> FIELDS =
            List.of("requests_per_second", "burst", "subject_requests_per_second", "subject_burst", "facts", "scopes");

    private OverridesInput() {}

    public static Overrides parse(UnaryOperator<String> field) {
        List<FieldError> errors = new ArrayList<>();
        Long rate = value(field, "requests_per_second", 1, errors);
        Long burst = value(field, "burst", 1, errors);
        Long subjectRate = value(field, "subject_requests_per_second", 1, errors);
        Long subjectBurst = value(field, "subject_burst", 1, errors);
        Long facts = value(field, "facts", 0, errors);
        Long scopes = value(field, "scopes", 0, errors);
        burstCoversRate("burst", burst, rate, errors);
        burstCoversRate("subject_burst", subjectBurst, subjectRate, errors);
        if (!errors.isEmpty()) {
            throw DomainException.invalid(errors);
        }
        return new Overrides(rate, burst, subjectRate, subjectBurst, facts, scopes);
    }

    /** The form's text for one override: blank for the default. */
    public static String text(Long value) {
        return value == null ? "" : value == Overrides.UNLIMITED ? "unlimited" : String.valueOf(value);
    }

    private static Long value(UnaryOperator<String> field, String name, long min, List<FieldError> errors) {
        String text = field.apply(name);
        if (text == null || text.isBlank()) {
            return null;
        }
        if (text.strip().equalsIgnoreCase("unlimited")) {
            return Overrides.UNLIMITED;
        }
        try {
            long number = Long.parseLong(text.strip());
            if (number >= min) {
                return number;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        errors.add(
                new FieldError(name, "must be blank (the default), 'unlimited' or a whole number of at least " + min));
        return null;
    }

    private static void burstCoversRate(String name, Long burst, Long rate, List<FieldError> errors) {
        if (burst != null
                && rate != null
                && burst != Overrides.UNLIMITED
                && rate != Overrides.UNLIMITED
                && burst < rate) {
            errors.add(new FieldError(name, "must be at least the rate it goes with"));
        }
    }
}
