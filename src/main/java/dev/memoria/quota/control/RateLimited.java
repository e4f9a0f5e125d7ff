package dev.memoria.quota.control;

import dev.memoria.platform.entity.DomainException;
import java.util.Map;

/** Over a request rate: 429, with the seconds until a request is admitted again (Retry-After). */
public class RateLimited extends DomainException {

    private final long retryAfterSeconds;

    public RateLimited(String whose, long perSecond, long retryAfterSeconds) {
        super(
                Kind.TOO_MANY_REQUESTS,
                "rate-limited",
                "Too many requests",
                "The " + whose + " request rate of " + perSecond + " a second is used up; retry in " + retryAfterSeconds
                        + " s.",
                null);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }

    @Override
    public Map<String, String> headers() {
        return Map.of("Retry-After", String.valueOf(retryAfterSeconds));
    }
}
