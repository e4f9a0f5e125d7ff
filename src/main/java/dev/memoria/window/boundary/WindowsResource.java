package dev.memoria.window.boundary;

import dev.memoria.platform.boundary.JsonFields;
import dev.memoria.platform.boundary.QueryParams;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.FieldReader;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.entity.Scope;
import dev.memoria.window.control.ConversationWindows;
import dev.memoria.window.entity.ConversationWindow;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Set;

/**
 * Conversation windows of a scope: {@code /scopes/{scope}/windows/{id}}, each an opaque text replaced whole on
 * every save, and the same three calls with the id as a query parameter ({@code /scopes/{scope}/window?id=}) for
 * ids a proxy would mangle in a path.
 */
@Path("/scopes/{scope}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class WindowsResource {

    static final int DEFAULT_LIMIT = 50;
    static final int MAX_LIMIT = 500;

    @Inject
    ConversationWindows windows;

    @PathParam("scope")
    String scope;

    @Context
    UriInfo uri;

    @PUT
    @Path("windows/{id: .+}")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public Response save(
            @PathParam("id") String id,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch,
            JsonValue body) {
        ConversationWindows.Saved saved =
                windows.save(scope(), id, content(body), new ConversationWindows.Precondition(ifMatch, ifNoneMatch));
        JsonObject json = json(saved.window());
        String etag = ConversationWindows.etag(saved.window().content());
        if (saved.created()) {
            return Response.created(uri.getBaseUriBuilder()
                            .path(WindowsResource.class)
                            .path("windows/{id}")
                            .build(scope, id)) // the id encoded as a value, its '/' and braces too
                    .header(HttpHeaders.ETAG, etag)
                    .entity(json)
                    .build();
        }
        return Response.ok(json).header(HttpHeaders.ETAG, etag).build();
    }

    @GET
    @Path("windows/{id: .+}")
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public Response get(@PathParam("id") String id) {
        ConversationWindow window = windows.get(scope(), id);
        return Response.ok(json(window))
                .header(HttpHeaders.ETAG, ConversationWindows.etag(window.content()))
                .build();
    }

    @DELETE
    @Produces(MediaType.WILDCARD) // a 204 has no body: any Accept will do, such as a client's problem+json alone
    @Path("windows/{id: .+}")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public Response forget(@PathParam("id") String id) {
        windows.forget(scope(), id);
        return Response.noContent().build();
    }

    @GET
    @Path("windows")
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public JsonObject list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        int pageSize = QueryParams.intIn("limit", limit, DEFAULT_LIMIT, 1, MAX_LIMIT);
        ConversationWindows.Page page = windows.list(scope(), decode(cursor), pageSize);
        JsonArrayBuilder items = Jsons.createArrayBuilder();
        page.items()
                .forEach(window -> items.add(Jsons.createObjectBuilder()
                        .add("id", window.id())
                        .add("size", window.size())
                        .add("updated_at", Timestamps.format(window.updatedAt()))));
        return JsonFields.addNullable(
                        Jsons.createObjectBuilder().add("items", items),
                        "next_cursor",
                        page.lastId() == null ? null : encode(page.lastId()))
                .build();
    }

    // The same three with the id as a query parameter, for ids a proxy would mangle in a path.

    @PUT
    @Path("window")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public Response saveByQuery(
            @QueryParam("id") String id,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch,
            JsonValue body) {
        return save(QueryParams.required("id", id), ifMatch, ifNoneMatch, body);
    }

    @GET
    @Path("window")
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public Response getByQuery(@QueryParam("id") String id) {
        return get(QueryParams.required("id", id));
    }

    @DELETE
    @Produces(MediaType.WILDCARD)
    @Path("window")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public Response forgetByQuery(@QueryParam("id") String id) {
        return forget(QueryParams.required("id", id));
    }

    /** The body is {@code {"content": "..."}} and nothing else; the content is kept exactly as sent. */
    private static String content(JsonValue body) {
        FieldReader fields = FieldReader.body(body, Set.of("content"));
        String content = fields.string("content");
        if (!fields.given("content")) { // absent or null: string() lets both through
            fields.error("content", "must be a string");
        }
        fields.validate();
        return content;
    }

    private static JsonObject json(ConversationWindow window) {
        return Jsons.createObjectBuilder()
                .add("scope", window.scope())
                .add("id", window.id())
                .add("content", window.content())
                .add("size", window.size())
                .add("updated_at", Timestamps.format(window.updatedAt()))
                .build();
    }

    private Scope scope() {
        return Scope.of(scope);
    }

    private static String encode(String id) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(id.getBytes(StandardCharsets.UTF_8));
    }

    private static String decode(String cursor) {
        if (cursor == null || cursor.isBlank()) {
            return null;
        }
        try {
            return new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw DomainException.invalid("cursor", "is not a cursor this server issued");
        }
    }
}
