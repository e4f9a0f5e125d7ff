package dev.memoria.lifecycle.boundary;

import dev.memoria.lifecycle.control.JobKind;
import dev.memoria.lifecycle.control.JobRuns;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Liveness;

/** The last run of each lifecycle job on this server, shown in /health (always UP: a job failure is logged). */
@Liveness
@ApplicationScoped
public class JobsHealth implements HealthCheck {

    @Inject
    JobRuns runs;

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder response =
                HealthCheckResponse.named("lifecycle-jobs").up();
        for (JobKind kind : JobKind.values()) {
            response.withData(kind.wireName() + ".runs", runs.runs(kind));
            runs.last(kind)
                    .ifPresent(run -> response.withData(
                                    kind.wireName() + ".last_run",
                                    run.startedAt().toString())
                            .withData(kind.wireName() + ".removed", run.removed())
                            .withData(kind.wireName() + ".took_ms", run.took().toMillis()));
        }
        return response.build();
    }
}
