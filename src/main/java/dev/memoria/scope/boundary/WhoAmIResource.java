package dev.memoria.scope.boundary;

import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.Jsons;
import dev.memoria.scope.control.ScopeAccess;
import dev.memoria.tenant.control.TenantContext;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import java.util.List;

/** What the server made of the caller's token; touches no data, so it is also the latency floor. */
@Path("/whoami")
@Produces(MediaType.APPLICATION_JSON)
public class WhoAmIResource {

    @Inject
    TenantContext tenant;

    @Inject
    ScopeAccess access;

    @GET
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public JsonObject whoami(@Context SecurityContext security) {
        JsonArrayBuilder roles = Jsons.createArrayBuilder();
        List.of(Roles.READ, Roles.WRITE, Roles.ADMIN).stream()
                .filter(security::isUserInRole)
                .forEach(roles::add);
        JsonObjectBuilder json = Jsons.createObjectBuilder()
                .add("tenant", tenant.tenantId())
                .add("sub", tenant.actor() == null ? "" : tenant.actor())
                .add("roles", roles);
        if (access.allowedScopes().isPresent()) {
            JsonArrayBuilder scopes = Jsons.createArrayBuilder();
            access.allowedScopes().get().forEach(scope -> scopes.add(scope.value()));
            json.add("memory_scopes", scopes);
        } else {
            json.addNull("memory_scopes");
        }
        return json.build();
    }
}
