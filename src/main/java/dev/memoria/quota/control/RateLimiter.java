package dev.memoria.quota.control;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.memoria.quota.entity.QuotaLimits.Rate;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;

/**
 * Admits a request when both its tenant's and its token subject's token buckets have a token left. The
 * buckets are this server's (Bucket4j, in memory): behind a load balancer of n servers a tenant may reach
 * up to n times its rate. A bucket idle for ten minutes is dropped, and a changed rate starts a new one.
 */
@ApplicationScoped
public class RateLimiter {

    @Inject
    Quotas quotas;

    private final Cache<String, Bucket> buckets = Caffeine.newBuilder()
            .expireAfterAccess(Duration.ofMinutes(10))
            .maximumSize(200_000)
            .build();

    /** Takes a token for the request, or throws {@link RateLimited} with the wait until the next one. */
    public void admit(String tenantId, String subject) {
        var limits = quotas.limits();
        take("tenant's", "t|" + tenantId, limits.tenantRate());
        if (subject != null) {
            take("token subject's", "s|" + tenantId + "|" + subject, limits.subjectRate());
        }
    }

    private void take(String whose, String key, Rate rate) {
        if (rate == null) {
            return;
        }
        Bucket bucket = buckets.get(
                key + "|" + rate.perSecond() + "|" + rate.burst(),
                ignored -> Bucket.builder()
                        .addLimit(limit ->
                                limit.capacity(rate.burst()).refillGreedy(rate.perSecond(), Duration.ofSeconds(1)))
                        .build());
        ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
        if (!probe.isConsumed()) {
            long seconds = Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999L) / 1_000_000_000L);
            throw new RateLimited(whose, rate.perSecond(), seconds);
        }
    }
}
