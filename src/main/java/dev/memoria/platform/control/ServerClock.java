package dev.memoria.platform.control;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The one clock every read of the time goes through ({@code @Inject Clock}): the system's, or on a test server
 * (MEMORIA_TEST_HOOKS=true) one that the test hooks move forward, so tests need not sleep past a TTL.
 */
@ApplicationScoped
public class ServerClock {

    @Inject
    @ConfigProperty(name = "memoria.test.hooks", defaultValue = "false")
    boolean movable;

    private Clock clock;
    private final AtomicReference<Duration> ahead = new AtomicReference<>(Duration.ZERO);

    @PostConstruct
    void choose() {
        clock = movable ? new Ahead(Clock.systemUTC(), ahead) : Clock.systemUTC();
    }

    @Produces
    @Dependent
    Clock clock() {
        return clock;
    }

    /** Moves a test server's time forward, never back: versions and ids stay in order. */
    public void advance(Duration by) {
        if (!movable || by.isNegative()) {
            throw new IllegalStateException("Only a test server's clock moves, and only forward.");
        }
        ahead.accumulateAndGet(by, Duration::plus);
    }

    /** The system clock, a moving amount ahead of it. */
    private static final class Ahead extends Clock {

        private final Clock system;
        private final AtomicReference<Duration> ahead;

        Ahead(Clock system, AtomicReference<Duration> ahead) {
            this.system = system;
            this.ahead = ahead;
        }

        @Override
        public Instant instant() {
            return system.instant().plus(ahead.get());
        }

        @Override
        public ZoneId getZone() {
            return system.getZone();
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return new Ahead(system.withZone(zone), ahead);
        }
    }
}
