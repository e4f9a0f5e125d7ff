package dev.memoria.quota.entity;

/**
 * The limits that hold for one tenant: the operator's defaults, with the tenant's own overrides applied.
 * A null rate or count is unlimited.
 */
public record QuotaLimits(Rate tenantRate, Rate subjectRate, Long facts, Long scopes) {

    /** A token bucket: {@code perSecond} requests refilled each second, up to {@code burst} at once. */
    public record Rate(long perSecond, long burst) {

        public Rate {
            if (perSecond < 1 || burst < perSecond) {
                throw new IllegalArgumentException(
                        "a rate needs at least one request a second and a burst of at least that");
            }
        }
    }

    /** These limits with each override that is set (null keeps the limit, {@link Overrides#UNLIMITED} lifts it). */
    public QuotaLimits with(Overrides overrides) {
        return new QuotaLimits(
                rate(tenantRate, overrides.requestsPerSecond(), overrides.burst()),
                rate(subjectRate, overrides.subjectRequestsPerSecond(), overrides.subjectBurst()),
                count(facts, overrides.facts()),
                count(scopes, overrides.scopes()));
    }

    private static Rate rate(Rate base, Long perSecond, Long burst) {
        if (perSecond == null && burst == null) {
            return base;
        }
        long rate = perSecond != null ? perSecond : base != null ? base.perSecond() : Overrides.UNLIMITED;
        if (rate == Overrides.UNLIMITED) {
            return null;
        }
        return new Rate(rate, burst != null && burst != Overrides.UNLIMITED ? Math.max(burst, rate) : 2 * rate);
    }

    private static Long count(Long base, Long override) {
        if (override == null) {
            return base;
        }
        return override == Overrides.UNLIMITED ? null : override;
    }
}
