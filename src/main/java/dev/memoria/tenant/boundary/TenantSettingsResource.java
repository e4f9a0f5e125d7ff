package dev.memoria.tenant.boundary;

import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.Jsons;
import dev.memoria.tenant.control.TenantSettingsService;
import dev.memoria.tenant.entity.TenantSettings;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

@Path("/tenant/settings")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(Roles.ADMIN)
public class TenantSettingsResource {

    @Inject
    TenantSettingsService settings;

    @GET
    public JsonObject get() {
        return json(settings.current());
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    public JsonObject put(JsonValue body) {
        return json(settings.change(body));
    }

    static JsonObject json(TenantSettings settings) {
        return Jsons.createObjectBuilder()
                .add("max_log_days", settings.maxLogDays())
                .add("max_context_entries", settings.maxContextEntries())
                .add("dedupe_threshold", settings.dedupeThreshold())
                .add("max_facts_per_scope", settings.maxFactsPerScope())
                .add("forget_below", settings.forgetBelow())
                .add("semantic_recall", settings.semanticRecall())
                .add("supersede", settings.supersede())
                .build();
    }
}
