package dev.memoria.platform.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/** Live while the heap has room: a server that can no longer allocate should be restarted. */
@Liveness
@ApplicationScoped
public class ProcessLiveness implements HealthCheck {

    static final double MAX_HEAP_USE = 0.95;

    @Override
    public HealthCheckResponse call() {
        Runtime runtime = Runtime.getRuntime();
        long used = runtime.totalMemory() - runtime.freeMemory();
        double share = (double) used / runtime.maxMemory();
        return HealthCheckResponse.named("heap")
                .status(share < MAX_HEAP_USE)
                .withData("used_mib", used / (1024 * 1024))
                .withData("max_mib", runtime.maxMemory() / (1024 * 1024))
                .build();
    }
}
