package dev.memoria.lifecycle.boundary;

import dev.memoria.lifecycle.control.Decay;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.Jsons;
import dev.memoria.scope.entity.Scope;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** Decay on demand: {@code POST /scopes/{scope}/decay}, what the daily job does for every scope. */
@Path("/scopes/{scope}/decay")
@Produces(MediaType.APPLICATION_JSON)
public class DecayResource {

    @Inject
    Decay decay;

    @POST
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public JsonObject decay(@PathParam("scope") String scope) {
        Decay.Result result = decay.decay(Scope.of(scope));
        return Jsons.createObjectBuilder()
                .add("facts", result.facts())
                .add("forgotten", result.forgotten())
                .build();
    }
}
