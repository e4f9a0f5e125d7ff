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


@Path("/scopes/{scope}")
@Produces(MediaType.APPLICATION_JSON)
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
    @Produces(MediaType.WILDCARD) // a 204 has no body: any Accept will do, such as a client's problem+json alone
    @RolesAllowed(Roles.ADMIN)
    public Response clear() {
        cleaner.clear(Scope.of(scope));
        return Response.noContent().build();
    }

    @GET
    @Path("stats")
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public JsonObject stats() {
        return StatsJson.of(statistics.of(Scope.of(scope)), vectors.of(Scope.of(scope)));
    }

    @POST
    @Path("decay")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public JsonObject decay() {
        Decay.Result result = decay.decay(Scope.of(scope));
        return Jsons.createObjectBuilder().add("facts", result.facts()).add("forgotten", result.forgotten()).build();
    }
}
