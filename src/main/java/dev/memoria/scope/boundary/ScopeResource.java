package dev.memoria.scope.boundary;

import dev.memoria.lifecycle.control.Decay;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.scope.control.ScopeCleaner;
import dev.memoria.scope.control.ScopeStatistics;
import dev.memoria.scope.entity.Scope;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.Map;

@Path("/scopes/{scope}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Scopes")
public class ScopeResource {

    @Inject
    ScopeStatistics statistics;

    @Inject
    Decay decay;

    @Inject
    ScopeCleaner cleaner;

    @PathParam("scope")
    String scope;

    @DELETE
    @RolesAllowed(Roles.ADMIN)
    @Operation(summary = "Clear the scope: facts, logs and snapshots")
    public Response clear() {
        cleaner.clear(Scope.of(scope));
        return Response.noContent().build();
    }

    @GET
    @Path("stats")
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    @Operation(summary = "Counts and averages of the scope")
    public JsonObject stats() {
        ScopeStatistics.Stats stats = statistics.of(Scope.of(scope));
        return Json.createObjectBuilder()
                .add("total_facts", stats.totalFacts())
                .add("persistent_facts", stats.persistentFacts())
                .add("avg_importance", round(stats.averageImportance()))
                .add("avg_retention", round(stats.averageRetention()))
                .add("by_type", counts(stats.byType()))
                .add("by_category", counts(stats.byCategory()))
                .add("log_days", stats.logDays())
                .add("log_entries", stats.logEntries())
                .add("snapshots", stats.snapshots())
                .build();
    }

    @POST
    @Path("decay")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    @Operation(summary = "Recompute retention; forget non-persistent facts below the tenant's forget_below")
    public JsonObject decay() {
        Decay.Result result = decay.decay(Scope.of(scope));
        return Json.createObjectBuilder().add("facts", result.facts()).add("forgotten", result.forgotten()).build();
    }

    private static JsonObjectBuilder counts(Map<String, Long> counts) {
        JsonObjectBuilder json = Json.createObjectBuilder();
        counts.forEach(json::add);
        return json;
    }

    private static double round(double value) {
        return Math.round(value * 1e6) / 1e6;
    }
}
