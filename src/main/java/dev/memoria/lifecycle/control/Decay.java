package dev.memoria.lifecycle.control;

import dev.memoria.fact.control.FactRepository;
import dev.memoria.fact.control.FactWrites;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactsRemoved;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.scope.control.ScopeRegistry;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantSettingsRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/** Forgetting on purpose: non-persistent facts whose retention fell below the tenant's forget_below go. */
@ApplicationScoped
@Transactional
public class Decay {

    public record Result(int facts, int forgotten) {}

    @Inject
    Clock clock;

    @Inject
    FactRepository facts;

    @Inject
    FactWrites writes;

    @Inject
    ScopeRegistry scopes;

    @Inject
    TenantSettingsRepository settings;

    public Result decay(Scope scope) {
        Instant now = Timestamps.now(clock);
        double forgetBelow = settings.current().forgetBelow();
        if (forgetBelow > 0) {
            scopes.lockExisting(scope); // the facts read next are current: no deleter of the scope is between
        }
        List<Fact> live = facts.live(scope, now);
        List<Fact> faded = forgetBelow <= 0
                ? List.of()
                : live.stream()
                        .filter(f -> !f.persistent() && f.retention(now) < forgetBelow)
                        .toList();
        if (!faded.isEmpty()) {
            scopes.touch(scope, now);
            writes.remove(scope, faded, FactsRemoved.Reason.DECAYED, now);
        }
        return new Result(live.size(), faded.size());
    }
}
