package dev.memoria.fact.boundary;

import dev.memoria.fact.control.FactFilter;
import dev.memoria.fact.control.FactInput;
import dev.memoria.fact.control.FactService;
import dev.memoria.fact.control.RememberService;
import dev.memoria.fact.control.RememberService.Remembered;
import dev.memoria.fact.entity.Change;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactType;
import dev.memoria.fact.entity.FactVersion;
import dev.memoria.platform.boundary.JsonFields;
import dev.memoria.platform.boundary.QueryParams;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.control.PageCursor;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.platform.entity.DomainException.FieldError;
import dev.memoria.scope.entity.Scope;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.StringReader;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

@Path("/scopes/{scope}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class FactsResource {

    static final int DEFAULT_LIMIT = 50;
    static final int MAX_LIMIT = 500;
    static final int MAX_BATCH = 1000;
    static final int MAX_FILTER_TEXT = 2000;

    @Inject
    Clock clock;

    @Inject
    FactService facts;

    @Inject
    RememberService remembering;

    @PathParam("scope")
    String scope;

    @Context
    UriInfo uri;

    @POST
    @Path("facts")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public Response remember(JsonValue body) {
        Remembered result = remembering.remember(scope(), FactInput.parse(body, FactInput.Mode.CREATE));
        return remembered(result);
    }

    @POST
    @Path("facts:batch")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public JsonObject rememberBatch(JsonValue body) {
        List<FactInput> inputs = batchInputs(body);
        List<Remembered> results = remembering.rememberAll(scope(), inputs);
        Instant now = Timestamps.now(clock);
        JsonArrayBuilder items = Jsons.createArrayBuilder();
        int created = 0;
        for (Remembered result : results) {
            created += result.isNew() ? 1 : 0;
            items.add(FactJson.remembered(result, now));
        }
        return Jsons.createObjectBuilder()
                .add("created", created)
                .add("reinforced", results.size() - created)
                .add("items", items)
                .build();
    }

    @GET
    @Path("facts")
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public JsonObject list(
            @QueryParam("category") String category,
            @QueryParam("type") String type,
            @QueryParam("tag") String tag,
            @QueryParam("persistent") String persistent,
            @QueryParam("q") String text,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor,
            @QueryParam("include_superseded") String includeSuperseded,
            @QueryParam("as_of") String asOf) {
        if (text != null && text.length() > MAX_FILTER_TEXT) {
            throw DomainException.invalid("q", "must be at most " + MAX_FILTER_TEXT + " characters");
        }
        FactFilter filter = new FactFilter(
                blankToNull(category),
                FactType.parameter(type),
                blankToNull(tag),
                QueryParams.optionalFlag("persistent", persistent),
                blankToNull(text),
                QueryParams.flag("include_superseded", includeSuperseded, false));
        PageCursor after = cursor == null || cursor.isBlank() ? null : PageCursor.decode(cursor);
        int pageSize = QueryParams.intIn("limit", limit, DEFAULT_LIMIT, 1, MAX_LIMIT);
        Instant at = QueryParams.time("as_of", asOf);
        FactService.Page page = at == null
                ? facts.list(scope(), filter, after, pageSize)
                : facts.listAsOf(scope(), filter, after, pageSize, at);
        Instant now = Timestamps.now(clock);
        JsonArrayBuilder items = Jsons.createArrayBuilder();
        page.items().forEach(fact -> items.add(FactJson.of(fact, now)));
        return JsonFields.addNullable(
                        Jsons.createObjectBuilder().add("items", items),
                        "next_cursor",
                        page.next() == null ? null : page.next().encode())
                .build();
    }

    @GET
    @Path("facts/{id}")
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public JsonObject get(@PathParam("id") String id) {
        return FactJson.of(facts.get(scope(), id), Timestamps.now(clock));
    }

    @GET
    @Path("facts/{id}/history")
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public JsonObject history(@PathParam("id") String id) {
        JsonArrayBuilder items = Jsons.createArrayBuilder();
        List<FactVersion> versions = facts.history(scope(), id);
        Optional<String> evidence = facts.supersessionEvidence(scope(), id);
        for (int i = 0; i < versions.size(); i++) {
            JsonObjectBuilder item = FactJson.version(versions.get(i));
            if (i == versions.size() - 1 && versions.get(i).change() == Change.SUPERSEDED) {
                // an automatic decision says why, so a wrong one is found and undone
                evidence.ifPresent(json -> item.add(
                        "evidence", Jsons.createReader(new StringReader(json)).readObject()));
            }
            items.add(item);
        }
        return Jsons.createObjectBuilder().add("items", items).build();
    }

    @PATCH
    @Path("facts/{id}")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public JsonObject change(@PathParam("id") String id, JsonValue body) {
        Fact fact = facts.change(scope(), id, FactInput.parse(body, FactInput.Mode.PATCH));
        return FactJson.of(fact, Timestamps.now(clock));
    }

    @DELETE
    @Produces(MediaType.WILDCARD) // a 204 has no body: any Accept will do, such as a client's problem+json alone
    @Path("facts/{id}")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public Response forget(@PathParam("id") String id) {
        facts.forget(scope(), id);
        return Response.noContent().build();
    }

    @PUT
    @Path("facts/by-key/{key: .+}")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public Response save(@PathParam("key") String key, JsonValue body) {
        Remembered result = remembering.save(scope(), key, FactInput.parse(body, FactInput.Mode.CREATE));
        return remembered(result);
    }

    @GET
    @Path("facts/by-key/{key: .+}")
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public JsonObject getByKey(@PathParam("key") String key) {
        return FactJson.of(facts.getByKey(scope(), key), Timestamps.now(clock));
    }

    @DELETE
    @Produces(MediaType.WILDCARD) // a 204 has no body: any Accept will do, such as a client's problem+json alone
    @Path("facts/by-key/{key: .+}")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public Response forgetByKey(@PathParam("key") String key) {
        facts.forgetByKey(scope(), key);
        return Response.noContent().build();
    }

    // The same three with the key as a query parameter, for keys a proxy would mangle in a path.

    @PUT
    @Path("facts/by-key")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public Response saveByQuery(@QueryParam("key") String key, JsonValue body) {
        return save(QueryParams.required("key", key), body);
    }

    @GET
    @Path("facts/by-key")
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public JsonObject getByQuery(@QueryParam("key") String key) {
        return getByKey(QueryParams.required("key", key));
    }

    @DELETE
    @Produces(MediaType.WILDCARD)
    @Path("facts/by-key")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public Response forgetByQuery(@QueryParam("key") String key) {
        return forgetByKey(QueryParams.required("key", key));
    }

    private Response remembered(Remembered result) {
        JsonObject json = FactJson.remembered(result, Timestamps.now(clock)).build();
        if (result.isNew()) {
            return Response.created(uri.getBaseUriBuilder()
                            .path(FactsResource.class)
                            .path("facts")
                            .path(result.fact().id())
                            .build(scope))
                    .entity(json)
                    .build();
        }
        return Response.ok(json).build();
    }

    private Scope scope() {
        return Scope.of(scope);
    }

    private static List<FactInput> batchInputs(JsonValue body) {
        if (!(body instanceof JsonObject json) || !(json.get("facts") instanceof JsonArray array)) {
            throw DomainException.invalid("facts", "must be an array of facts");
        }
        if (array.isEmpty() || array.size() > MAX_BATCH) {
            throw DomainException.invalid("facts", "must hold 1-" + MAX_BATCH + " facts");
        }
        List<FactInput> inputs = new ArrayList<>(array.size());
        List<FieldError> errors = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            try {
                inputs.add(FactInput.parse(array.get(i), FactInput.Mode.CREATE, "facts[" + i + "]."));
            } catch (DomainException invalid) {
                errors.addAll(invalid.errors());
            }
        }
        if (!errors.isEmpty()) {
            throw DomainException.invalid(errors);
        }
        return inputs;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
