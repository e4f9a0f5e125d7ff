package dev.memoria.snapshot.boundary;

import dev.memoria.fact.boundary.FactJson;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.entity.Scope;
import dev.memoria.snapshot.control.SnapshotService;
import dev.memoria.snapshot.entity.Snapshot;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.Clock;
import java.time.Instant;

@Path("/scopes/{scope}/snapshots")
@Produces(MediaType.APPLICATION_JSON)
public class SnapshotsResource {

    @Inject
    Clock clock;

    @Inject
    SnapshotService snapshots;

    @PathParam("scope")
    String scope;

    @Context
    UriInfo uri;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public Response create(JsonValue body) {
        if (!(body instanceof JsonObject json) || !(json.get("name") instanceof JsonString name)) {
            throw DomainException.invalid("name", "is required: a string of 1-64 letters, digits, '.', '_' or '-'");
        }
        Snapshot snapshot = snapshots.create(Scope.of(scope), name.getString());
        return Response.created(
                        uri.getAbsolutePathBuilder().path(snapshot.name()).build())
                .entity(json(snapshot))
                .build();
    }

    @GET
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public JsonObject list() {
        JsonArrayBuilder items = Jsons.createArrayBuilder();
        snapshots.list(Scope.of(scope)).forEach(snapshot -> items.add(json(snapshot)));
        return Jsons.createObjectBuilder().add("items", items).build();
    }

    @DELETE
    @Produces(MediaType.WILDCARD) // a 204 has no body: any Accept will do, such as a client's problem+json alone
    @Path("{name}")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public Response delete(@PathParam("name") String name) {
        snapshots.delete(Scope.of(scope), name);
        return Response.noContent().build();
    }

    @POST
    @Path("{name}/restore")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public JsonObject restore(@PathParam("name") String name) {
        return Jsons.createObjectBuilder()
                .add("restored", snapshots.restore(Scope.of(scope), name))
                .build();
    }

    @GET
    @Path("{name}/diff")
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public JsonObject diff(@PathParam("name") String name, @QueryParam("against") String against) {
        SnapshotService.Diff diff = snapshots.diff(Scope.of(scope), name, against);
        Instant now = Timestamps.now(clock);
        JsonArrayBuilder changed = Jsons.createArrayBuilder();
        diff.changed()
                .forEach(change -> changed.add(Jsons.createObjectBuilder()
                        .add("before", FactJson.of(change.before(), now))
                        .add("after", FactJson.of(change.after(), now))));
        return Jsons.createObjectBuilder()
                .add("added", FactJson.array(diff.added(), now))
                .add("removed", FactJson.array(diff.removed(), now))
                .add("changed", changed)
                .build();
    }

    public static JsonObject json(Snapshot snapshot) {
        return Jsons.createObjectBuilder()
                .add("name", snapshot.name())
                .add("created_at", Timestamps.format(snapshot.createdAt()))
                .add("facts", snapshot.factCount())
                .build();
    }
}
