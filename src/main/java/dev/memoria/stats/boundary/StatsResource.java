package dev.memoria.stats.boundary;

import dev.memoria.embedding.control.EmbeddingCounts;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.scope.entity.Scope;
import dev.memoria.stats.control.ScopeStatistics;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** A scope's numbers: {@code GET /scopes/{scope}/stats}. */
@Path("/scopes/{scope}/stats")
@Produces(MediaType.APPLICATION_JSON)
public class StatsResource {

    @Inject
    ScopeStatistics statistics;

    @Inject
    EmbeddingCounts vectors;

    @GET
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public JsonObject stats(@PathParam("scope") String scope) {
        return StatsJson.of(statistics.of(Scope.of(scope)), vectors.of(Scope.of(scope)));
    }
}
