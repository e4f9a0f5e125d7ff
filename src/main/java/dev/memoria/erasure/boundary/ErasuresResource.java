package dev.memoria.erasure.boundary;

import dev.memoria.erasure.control.ErasureService;
import dev.memoria.erasure.entity.ErasureReceipt;
import dev.memoria.platform.boundary.JsonFields;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.FieldReader;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.control.Timestamps;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Set;

@Path("/erasures")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(Roles.ADMIN)
public class ErasuresResource {

    private static final Set<String> FIELDS = Set.of("subject", "content_contains");

    @Inject
    ErasureService erasures;

    @Context
    UriInfo uri;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response erase(JsonValue body) {
        FieldReader fields = FieldReader.body(body, FIELDS);
        String subject = fields.string("subject");
        String contains = fields.string("content_contains");
        fields.validate();
        ErasureReceipt receipt = erasures.erase(subject, contains);
        return Response.created(uri.getBaseUriBuilder()
                        .path(ErasuresResource.class)
                        .path(receipt.id())
                        .build())
                .entity(json(receipt))
                .build();
    }

    @GET
    @Path("{id}")
    public JsonObject get(@PathParam("id") String id) {
        return json(erasures.get(id));
    }

    static JsonObject json(ErasureReceipt receipt) {
        JsonArrayBuilder scopes = Jsons.createArrayBuilder();
        receipt.scopes().forEach(scopes::add);
        ErasureReceipt.Erased erased = receipt.erased();
        var json = Jsons.createObjectBuilder().add("id", receipt.id());
        JsonFields.addNullable(json, "subject", receipt.subject());
        JsonFields.addNullable(json, "content_contains", receipt.contentContains());
        return json.add("at", Timestamps.format(receipt.at()))
                .add("actor", receipt.actor())
                .add("scopes", scopes)
                .add("facts", erased.facts())
                .add("log_entries", erased.logEntries())
                .add("snapshots", erased.snapshots())
                .add("snapshot_facts", erased.snapshotFacts())
                .add("digest", erased.digest())
                .build();
    }
}
