package dev.memoria.quota.control;

import dev.memoria.quota.entity.Overrides;
import dev.memoria.quota.entity.QuotaLimits;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The server-wide limits every tenant has unless an operator set others for it: from MicroProfile Config
 * (MEMORIA_QUOTA_* environment variables), each a whole number or "unlimited". A value that is neither
 * stops the server at start-up rather than leaving tenants unbounded by surprise.
 */
@ApplicationScoped
public class QuotaDefaults {

    @Inject
    @ConfigProperty(name = "memoria.quota.requests.per.second", defaultValue = "2000")
    String requestsPerSecond;

    @Inject
    @ConfigProperty(name = "memoria.quota.burst")
    Optional<String> burst;

    @Inject
    @ConfigProperty(name = "memoria.quota.subject.requests.per.second", defaultValue = "unlimited")
    String subjectRequestsPerSecond;

    @Inject
    @ConfigProperty(name = "memoria.quota.subject.burst")
    Optional<String> subjectBurst;

    @Inject
    @ConfigProperty(name = "memoria.quota.facts", defaultValue = "unlimited")
    String facts;

    @Inject
    @ConfigProperty(name = "memoria.quota.scopes", defaultValue = "unlimited")
    String scopes;

    private QuotaLimits limits;

    @PostConstruct
    void read() {
        QuotaLimits none = new QuotaLimits(null, null, null, null);
        limits = none.with(new Overrides(
                parse("memoria.quota.requests.per.second", requestsPerSecond),
                burst.map(value -> parse("memoria.quota.burst", value)).orElse(null),
                parse("memoria.quota.subject.requests.per.second", subjectRequestsPerSecond),
                subjectBurst
                        .map(value -> parse("memoria.quota.subject.burst", value))
                        .orElse(null),
                parse("memoria.quota.facts", facts),
                parse("memoria.quota.scopes", scopes)));
    }

    public QuotaLimits limits() {
        return limits;
    }

    /** "unlimited" or a whole number (a rate of at least 1); null never: every default is explicit. */
    static Long parse(String name, String value) {
        String text = value.strip();
        if (text.equalsIgnoreCase("unlimited")) {
            return Overrides.UNLIMITED;
        }
        try {
            long number = Long.parseLong(text);
            if (number >= 0) {
                return number;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw new IllegalStateException(name + " must be a whole number or 'unlimited', not '" + value + "'");
    }
}
