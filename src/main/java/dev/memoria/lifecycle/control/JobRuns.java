package dev.memoria.lifecycle.control;

import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/** The last run of each job on this server, for health data and operators. */
@ApplicationScoped
public class JobRuns {

    public record Run(JobKind kind, Instant startedAt, Duration took, long tenants, long removed) {
    }

    private final Map<JobKind, Run> last = new EnumMap<>(JobKind.class);

    public synchronized void record(Run run) {
        last.put(run.kind(), run);
    }

    public synchronized Optional<Run> last(JobKind kind) {
        return Optional.ofNullable(last.get(kind));
    }
}
