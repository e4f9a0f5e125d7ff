package dev.memoria.audit.boundary;

import dev.memoria.audit.control.AuditLog;
import dev.memoria.audit.entity.AuditEvent;
import dev.memoria.platform.boundary.JsonFields;
import dev.memoria.platform.boundary.QueryParams;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.control.PageCursor;
import dev.memoria.platform.control.Timestamps;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

@Path("/audit")
@Produces(MediaType.APPLICATION_JSON)
public class AuditResource {

    @Inject
    AuditLog audit;

    @GET
    @RolesAllowed(Roles.ADMIN)
    @Transactional(Transactional.TxType.SUPPORTS)
    public JsonObject list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        int max = QueryParams.intIn("limit", limit, 50, 1, 500);
        List<AuditEvent> rows = audit.page(cursor == null || cursor.isBlank() ? null : PageCursor.decode(cursor), max);
        JsonArrayBuilder items = Jsons.createArrayBuilder();
        rows.stream().limit(max).forEach(event -> {
            JsonObjectBuilder item = Jsons.createObjectBuilder()
                    .add("at", Timestamps.format(event.at()))
                    .add("actor", event.actor())
                    .add("action", event.action())
                    .add("scope", event.scopeName());
            items.add(JsonFields.addNullable(item, "fact_id", event.factId()).add("digest", event.digest()));
        });
        AuditEvent last = rows.size() > max ? rows.get(max - 1) : null;
        return JsonFields.addNullable(
                        Jsons.createObjectBuilder().add("items", items),
                        "next_cursor",
                        last == null ? null : new PageCursor(last.at(), last.id()).encode())
                .build();
    }
}
