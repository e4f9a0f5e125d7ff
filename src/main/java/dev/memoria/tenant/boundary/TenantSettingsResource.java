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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/tenant/settings")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(Roles.ADMIN)
@Tag(name = "Tenant", description = "The caller's tenant memory policy")
public class TenantSettingsResource {

    @Inject
    TenantSettingsService settings;

    @GET
    @Operation(summary = "The tenant's settings (defaults until changed)")
    public JsonObject get() {
        return json(settings.current());
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change settings; fields left out keep their value, a bad value changes nothing")
    @RequestBody(content = @Content(examples = @ExampleObject(name = "settings", value = "{\"max_log_days\":30,"
            + "\"max_context_entries\":50,\"dedupe_threshold\":0.7,\"max_facts_per_scope\":10000,\"forget_below\":0.0,"
            + "\"semantic_recall\":true}")))
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
                .build();
    }
}
