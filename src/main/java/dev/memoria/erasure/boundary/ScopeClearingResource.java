package dev.memoria.erasure.boundary;

import dev.memoria.erasure.control.ScopeCleaner;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.scope.entity.Scope;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Clearing a whole scope: {@code DELETE /scopes/{scope}}. */
@Path("/scopes/{scope}")
public class ScopeClearingResource {

    @Inject
    ScopeCleaner cleaner;

    @DELETE
    @Produces(MediaType.WILDCARD) // a 204 has no body: any Accept will do, such as a client's problem+json alone
    @RolesAllowed(Roles.ADMIN)
    public Response clear(@PathParam("scope") String scope) {
        cleaner.clear(Scope.of(scope));
        return Response.noContent().build();
    }
}
