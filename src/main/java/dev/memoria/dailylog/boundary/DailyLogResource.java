package dev.memoria.dailylog.boundary;

import dev.memoria.dailylog.control.DailyLogService;
import dev.memoria.dailylog.entity.DailyLogEntry;
import dev.memoria.platform.boundary.JsonFields;
import dev.memoria.platform.boundary.QueryParams;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.entity.TenantSettings;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

@Path("/scopes/{scope}")
@Produces(MediaType.APPLICATION_JSON)
public class DailyLogResource {

    public static final String NDJSON = "application/x-ndjson";

    @Inject
    DailyLogService logs;

    @PathParam("scope")
    String scope;

    @GET
    @Path("logs")
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public JsonObject recent(@QueryParam("days") String days, @QueryParam("limit") String limit) {
        JsonArrayBuilder items = Jsons.createArrayBuilder();
        for (DailyLogEntry entry : logs.recent(
                Scope.of(scope),
                QueryParams.intIn("days", days, 7, 1, 3650),
                QueryParams.intIn("limit", limit, 50, 1, 1000))) {
            items.add(JsonFields.addNullable(
                    Jsons.createObjectBuilder()
                            .add("timestamp", Timestamps.format(entry.loggedAt()))
                            .add("category", entry.category())
                            .add("content", entry.content())
                            .add("persistent", entry.persistent()),
                    "fact_id",
                    entry.factId()));
        }
        return Jsons.createObjectBuilder().add("items", items).build();
    }

    @GET
    @Path("logs/{day}")
    @Produces(NDJSON)
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public Response day(@PathParam("day") String day) {
        StringBuilder lines = new StringBuilder();
        for (DailyLogEntry entry : logs.day(Scope.of(scope), parseDay(day))) {
            lines.append("{\"timestamp\": ")
                    .append(quote(
                            entry.loggedAt().truncatedTo(ChronoUnit.SECONDS).toString()))
                    .append(", \"category\": ")
                    .append(quote(entry.category()))
                    .append(", \"content\": ")
                    .append(quote(entry.content()))
                    .append(", \"persistent\": ")
                    .append(entry.persistent())
                    .append("}\n");
        }
        return Response.ok(lines.toString(), NDJSON + ";charset=utf-8").build();
    }

    @POST
    @Path("logs:prune")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public JsonObject prune(@QueryParam("max_days") String maxDays) {
        Integer keep = maxDays == null || maxDays.isBlank()
                ? null
                : QueryParams.intIn("max_days", maxDays, 0, 0, TenantSettings.MOST_LOG_DAYS);
        return Jsons.createObjectBuilder()
                .add("deleted_days", logs.prune(Scope.of(scope), keep))
                .build();
    }

    @DELETE
    @Produces(MediaType.WILDCARD) // a 204 has no body: any Accept will do, such as a client's problem+json alone
    @Path("logs")
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public Response clear() {
        logs.clear(Scope.of(scope));
        return Response.noContent().build();
    }

    private static LocalDate parseDay(String day) {
        try {
            if (day.matches("\\d{4}-\\d{2}-\\d{2}")) {
                return LocalDate.parse(day);
            }
        } catch (DateTimeParseException invalid) {
            // reported below
        }
        throw DomainException.invalid("day", "must be a date as yyyy-mm-dd");
    }

    private static String quote(String text) {
        return Jsons.createValue(text).toString();
    }
}
