package dev.memoria.scope.boundary;

import dev.memoria.lifecycle.control.Decay;
import dev.memoria.embedding.control.EmbeddingCounts;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.Jsons;
import dev.memoria.scope.control.ScopeCleaner;
import dev.memoria.scope.control.ScopeStatistics;
import dev.memoria.scope.entity.Scope;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
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


@Path("/scopes/{scope}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Scopes")
public class ScopeResource {

    @Inject
    EmbeddingCounts vectors;

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
        return StatsJson.of(statistics.of(Scope.of(scope)), vectors.of(Scope.of(scope)));
    }

    @POST
    @Path("decay")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    @Operation(summary = "Recompute retention; forget non-persistent facts below the tenant's forget_below")
    public JsonObject decay() {
        Decay.Result result = decay.decay(Scope.of(scope));
        return Jsons.createObjectBuilder().add("facts", result.facts()).add("forgotten", result.forgotten()).build();
    }
}
