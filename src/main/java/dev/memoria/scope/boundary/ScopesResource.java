package dev.memoria.scope.boundary;

import dev.memoria.platform.boundary.JsonFields;
import dev.memoria.platform.boundary.QueryParams;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.control.ScopeAccess;
import dev.memoria.scope.control.ScopeRepository;
import dev.memoria.scope.control.ScopeRepository.ScopeSummary;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Base64;
import java.util.List;

@Path("/scopes")
@Produces(MediaType.APPLICATION_JSON)
public class ScopesResource {

    @Inject
    Clock clock;

    @Inject
    ScopeRepository scopes;

    @Inject
    ScopeAccess access;

    @GET
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    @Transactional(Transactional.TxType.SUPPORTS)
    public JsonObject list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        int max = QueryParams.intIn("limit", limit, 100, 1, 1000);
        List<ScopeSummary> rows = scopes.list(access.allowedScopes(), decode(cursor), max, Timestamps.now(clock));
        JsonArrayBuilder items = Jsons.createArrayBuilder();
        rows.stream()
                .limit(max)
                .forEach(row -> items.add(Jsons.createObjectBuilder()
                        .add("scope", row.scope())
                        .add("facts", row.facts())
                        .add("persistent_facts", row.persistentFacts())
                        .add("log_entries", row.logEntries())
                        .add("updated_at", Timestamps.format(row.updatedAt()))));
        return JsonFields.addNullable(
                        Jsons.createObjectBuilder().add("items", items),
                        "next_cursor",
                        rows.size() > max ? encode(rows.get(max - 1).scope()) : null)
                .build();
    }

    private static String encode(String scopeName) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(scopeName.getBytes(StandardCharsets.UTF_8));
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
