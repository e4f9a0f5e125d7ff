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

    public record Run(JobKind kind, Instant startedAt, Duration took, long tenants, long removed) {}

    private final Map<JobKind, Run> last = new EnumMap<>(JobKind.class);
    private final Map<JobKind, Long> count = new EnumMap<>(JobKind.class);

    public synchronized void record(Run run) {
        last.put(run.kind(), run);
        count.merge(run.kind(), 1L, Long::sum);
    }

    /** How many runs of the job this server made since it started. */
    public synchronized long runs(JobKind kind) {
        return count.getOrDefault(kind, 0L);
    }

    public synchronized Optional<Run> last(JobKind kind) {
        return Optional.ofNullable(last.get(kind));
    }
}
