package dev.memoria.recall.boundary;

import dev.memoria.fact.boundary.FactJson;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactType;
import dev.memoria.platform.boundary.QueryParams;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.recall.control.ContextService;
import dev.memoria.recall.control.RecallMode;
import dev.memoria.recall.control.RecallService;
import dev.memoria.scope.entity.Scope;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/** One instance for all requests (the scope arrives as a parameter): agents call recall on every turn. */
@Path("/scopes/{scope}")
@Produces(MediaType.APPLICATION_JSON)
@ApplicationScoped
public class RecallResource {

    @Inject
    Clock clock;

    @Inject
    RecallService recall;

    @Inject
    ContextService context;

    @GET
    @Path("recall")
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public JsonObject recall(@PathParam("scope") String scope, @BeanParam RecallQuery query) {
        return recall(List.of(Scope.of(scope)), query);
    }

    /** Recall over one scope or several (GET /api/v1/recall?scopes=), ranked on one scale. */
    public JsonObject recall(List<Scope> scopes, RecallQuery query) {
        String q = required(query.q);
        RecallService.Filter filter = new RecallService.Filter(
                FactType.parameter(query.type),
                blank(query.category) ? null : query.category,
                blank(query.tag) ? null : query.tag,
                QueryParams.flag("include_superseded", query.includeSuperseded, false));
        int wanted = QueryParams.intIn("limit", query.limit, RecallService.DEFAULT_LIMIT, 1, RecallService.MAX_LIMIT);
        double floor = QueryParams.doubleIn("min_score", query.minScore, 0, 0, 1);
        RecallMode asked = mode(query.mode);
        Instant at = QueryParams.time("as_of", query.asOf);
        RecallService.Answer answer = at == null
                ? recall.recall(scopes, q, wanted, filter, asked, floor)
                : recall.recallAsOf(scopes, q, wanted, filter, at, floor);
        return RecallJson.of(q, answer, Timestamps.now(clock));
    }

    @GET
    @Path("search")
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public JsonObject search(
            @PathParam("scope") String scope,
            @QueryParam("q") String q,
            @QueryParam("top_k") String topK,
            @QueryParam("include_superseded") String includeSuperseded,
            @QueryParam("as_of") String asOf) {
        String query = required(q);
        int k = QueryParams.intIn("top_k", topK, 10, 1, 1000);
        RecallService.Filter filter = new RecallService.Filter(
                null, null, null, QueryParams.flag("include_superseded", includeSuperseded, false));
        Instant at = QueryParams.time("as_of", asOf);
        List<Fact> found = at == null
                ? recall.search(Scope.of(scope), query, k, filter)
                : recall.searchAsOf(Scope.of(scope), query, k, filter, at);
        return Jsons.createObjectBuilder()
                .add("query", query)
                .add("items", FactJson.array(found, at == null ? Timestamps.now(clock) : at))
                .build();
    }

    @GET
    @Path("context")
    @Produces(MediaType.TEXT_PLAIN)
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public Response context(
            @PathParam("scope") String scope,
            @QueryParam("q") String q,
            @QueryParam("max_tokens") String maxTokens,
            @QueryParam("as_of") String asOf) {
        return context(List.of(Scope.of(scope)), q, maxTokens, asOf);
    }

    /** The context block of one scope or several (GET /api/v1/context?scopes=). */
    public Response context(List<Scope> scopes, String q, String maxTokens, String asOf) {
        Integer budget = blank(maxTokens) ? null : QueryParams.intIn("max_tokens", maxTokens, 0, 1, 1_000_000);
        Instant at = QueryParams.time("as_of", asOf);
        String block = context.context(scopes, q, budget, at);
        return Response.ok(block, MediaType.TEXT_PLAIN + ";charset=utf-8").build();
    }

    private static String required(String q) {
        if (blank(q)) {
            throw DomainException.invalid("q", "is required");
        }
        return q.strip();
    }

    private static RecallMode mode(String mode) {
        if (blank(mode)) {
            return RecallMode.HYBRID;
        }
        return RecallMode.fromWire(mode.strip())
                .orElseThrow(() -> DomainException.invalid("mode", "must be one of hybrid, keyword, semantic"));
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
