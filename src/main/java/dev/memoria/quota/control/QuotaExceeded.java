package dev.memoria.quota.control;

import dev.memoria.platform.entity.DomainException;

/** A write that would take a tenant past one of its quotas: 409, naming the quota, and nothing written. */
public class QuotaExceeded extends DomainException {

    private final String quota;

    public QuotaExceeded(String quota, long limit, long wouldHold) {
        super(
                Kind.CONFLICT,
                "quota-exceeded",
                "Quota exceeded",
                "This write would give the tenant " + wouldHold + " " + quota + "; its '" + quota + "' quota is "
                        + limit + ". Nothing was written.",
                null);
        this.quota = quota;
    }

    public String quota() {
        return quota;
    }
}
