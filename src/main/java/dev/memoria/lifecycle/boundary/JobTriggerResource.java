package dev.memoria.lifecycle.boundary;

import dev.memoria.lifecycle.control.JobKind;
import dev.memoria.lifecycle.control.JobRunner;
import dev.memoria.lifecycle.control.JobRuns;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.ProblemException;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * Test hook: runs a lifecycle job now, across all tenants, instead of waiting for its timer. Exists only
 * when MEMORIA_TEST_HOOKS=true (the integration-test server); otherwise every call is 404.
 */
@Path("/test-hooks/jobs/{job}")
@Produces(MediaType.APPLICATION_JSON)
public class JobTriggerResource {

    @Inject
    @ConfigProperty(name = "memoria.test.hooks", defaultValue = "false")
    boolean enabled;

    @Inject
    JobRunner runner;

    @POST
    @RolesAllowed(Roles.ADMIN)
    @Operation(hidden = true)
    public JsonObject run(@PathParam("job") String job) {
        if (!enabled) {
            throw ProblemException.notFound("No resource at this path.");
        }
        JobKind kind = JobKind.fromWire(job).orElseThrow(() -> ProblemException.notFound("No job named '" + job + "'."));
        JobRuns.Run run = runner.run(kind);
        return Json.createObjectBuilder().add("job", kind.wireName()).add("tenants", run.tenants())
                .add("removed", run.removed()).add("took_ms", run.took().toMillis()).build();
    }
}
