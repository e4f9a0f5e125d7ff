package dev.memoria.quota.boundary;

import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.Jsons;
import dev.memoria.quota.control.Quotas;
import dev.memoria.quota.entity.QuotaLimits;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

@Path("/tenant/quotas")
@Produces(MediaType.APPLICATION_JSON)
public class QuotaResource {

    @Inject
    Quotas quotas;

    @GET
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public JsonObject get() {
        Quotas.Usage usage = quotas.usage();
        QuotaLimits limits = usage.limits();
        JsonObjectBuilder rate = Jsons.createObjectBuilder();
        if (limits.tenantRate() == null) {
            rate.addNull("limit").addNull("burst");
        } else {
            rate.add("limit", limits.tenantRate().perSecond())
                    .add("burst", limits.tenantRate().burst());
        }
        return Jsons.createObjectBuilder()
                .add("requests_per_second", rate)
                .add("facts", count(limits.facts(), usage.facts()))
                .add("scopes", count(limits.scopes(), usage.scopes()))
                .build();
    }

    private static JsonObjectBuilder count(Long limit, long used) {
        JsonObjectBuilder json = Jsons.createObjectBuilder();
        return (limit == null ? json.addNull("limit") : json.add("limit", limit)).add("used", used);
    }
}
