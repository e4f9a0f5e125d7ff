package dev.memoria.erasure.boundary;

import dev.memoria.erasure.control.ErasureService;
import dev.memoria.erasure.entity.ErasureReceipt;
import dev.memoria.platform.boundary.JsonFields;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
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
import java.util.ArrayList;
import java.util.List;
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
        if (!(body instanceof JsonObject json)) {
            throw DomainException.invalid("body", "must be a JSON object");
        }
        List<DomainException.FieldError> errors = new ArrayList<>();
        json.keySet().stream()
                .filter(name -> !FIELDS.contains(name))
                .forEach(name -> errors.add(new DomainException.FieldError(name, "unknown field")));
        String subject = text(json, "subject", errors);
        String contains = text(json, "content_contains", errors);
        if (!errors.isEmpty()) {
            throw DomainException.invalid(errors);
        }
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

    private static String text(JsonObject json, String name, List<DomainException.FieldError> errors) {
        JsonValue value = json.get(name);
        if (value == null || value == JsonValue.NULL) {
            return null;
        }
        if (!(value instanceof JsonString string)) {
            errors.add(new DomainException.FieldError(name, "must be a string"));
            return null;
        }
        return string.getString();
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
