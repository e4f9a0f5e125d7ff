package dev.memoria.lifecycle.boundary;

import dev.memoria.dailylog.control.DailyLogService;
import dev.memoria.lifecycle.control.JobKind;
import dev.memoria.lifecycle.control.JobRunner;
import dev.memoria.lifecycle.control.JobRuns;
import dev.memoria.platform.boundary.QueryParams;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.control.ServerClock;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.entity.Scope;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Test hooks, so tests need not wait for timers or calendars: run a lifecycle job now (across all tenants), age
 * a scope's daily log, or move the server's clock forward. They exist only when MEMORIA_TEST_HOOKS=true (the
 * integration-test servers); otherwise every call is 404.
 */
@Path("/test-hooks")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(Roles.ADMIN)
public class TestHooksResource {

    @Inject
    @ConfigProperty(name = "memoria.test.hooks", defaultValue = "false")
    boolean enabled;

    @Inject
    JobRunner runner;

    @Inject
    DailyLogService logs;

    @Inject
    ServerClock clock;

    @Inject
    Clock now;

    @POST
    @Path("jobs/{job}")
    public JsonObject runJob(@PathParam("job") String job) {
        requireEnabled();
        JobKind kind = JobKind.fromWire(job).orElseThrow(() -> DomainException.notFound("No job named '" + job + "'."));
        JobRuns.Run run = runner.run(kind);
        return Jsons.createObjectBuilder()
                .add("job", kind.wireName())
                .add("tenants", run.tenants())
                .add("removed", run.removed())
                .add("took_ms", run.took().toMillis())
                .build();
    }

    @POST
    @Path("scopes/{scope}/logs:age")
    public JsonObject ageLogs(@PathParam("scope") String scope, @QueryParam("days") String days) {
        requireEnabled();
        int moved = logs.backdate(Scope.of(scope), QueryParams.intIn("days", days, 1, 1, 3650));
        return Jsons.createObjectBuilder().add("entries", moved).build();
    }

    /** Moves the server's clock forward, so a test sees a TTL pass without sleeping through it. */
    @POST
    @Path("clock:advance")
    public JsonObject advanceClock(@QueryParam("seconds") String seconds) {
        requireEnabled();
        clock.advance(Duration.ofSeconds(QueryParams.intIn("seconds", seconds, 1, 1, 366 * 86_400)));
        return Jsons.createObjectBuilder()
                .add("now", Timestamps.format(Timestamps.now(now)))
                .build();
    }

    private void requireEnabled() {
        if (!enabled) {
            throw DomainException.notFound("No resource at this path.");
        }
    }
}
