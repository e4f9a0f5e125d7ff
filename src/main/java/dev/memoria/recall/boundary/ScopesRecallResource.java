package dev.memoria.recall.boundary;

import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.control.ScopeAccess;
import dev.memoria.scope.entity.Scope;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/**
 * Recall and context over several scopes at once ({@code ?scopes=user:42,agent:bot:user:42,global}): what an agent
 * reads of its user, itself and what all share, ranked on one scale. Each scope is checked like a path's: its
 * syntax ({@code 400}) and the token's memory_scopes ({@code 403}); a scope that does not exist reads as empty.
 */
@Path("/")
@RequestScoped
public class ScopesRecallResource {

    static final int MAX_SCOPES = 10;

    @Inject
    RecallResource single;

    @Inject
    ScopeAccess access;

    @GET
    @Path("recall")
    @Produces(MediaType.APPLICATION_JSON)
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public JsonObject recall(@QueryParam("scopes") String scopes, @BeanParam RecallQuery query) {
        return single.recall(scopes(scopes), query);
    }

    @GET
    @Path("context")
    @Produces(MediaType.TEXT_PLAIN)
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public Response context(
            @QueryParam("scopes") String scopes,
            @QueryParam("q") String q,
            @QueryParam("max_tokens") String maxTokens,
            @QueryParam("as_of") String asOf) {
        return single.context(scopes(scopes), q, maxTokens, asOf);
    }

    /** 1-10 distinct scopes, comma-separated, each valid and within the token's memory_scopes. */
    private List<Scope> scopes(String names) {
        if (names == null || names.isBlank()) {
            throw DomainException.invalid("scopes", "is required: 1-" + MAX_SCOPES + " scopes, comma-separated");
        }
        List<Scope> scopes = Scope.distinctList(names, MAX_SCOPES);
        scopes.forEach(access::requireAccess);
        return scopes;
    }
}
