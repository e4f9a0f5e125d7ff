package dev.memoria.transfer.boundary;

import dev.memoria.dailylog.boundary.DailyLogResource;
import dev.memoria.fact.boundary.FactJson;
import dev.memoria.fact.entity.Fact;
import dev.memoria.platform.boundary.JsonFields;
import dev.memoria.platform.boundary.QueryParams;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.entity.Scope;
import dev.memoria.transfer.control.TenantExport;
import dev.memoria.transfer.control.TenantImport;
import dev.memoria.transfer.entity.ImportCounts;
import dev.memoria.transfer.entity.ImportCounts.Kind;
import dev.memoria.transfer.entity.ImportCounts.Outcome;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.BufferedWriter;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;

/** A tenant as one NDJSON file and back: to move it between servers or databases, or to keep a portable backup. */
@Path("/")
public class TransferResource {

    private static final String NDJSON = DailyLogResource.NDJSON;

    @Inject
    Clock clock;

    @Inject
    TenantExport export;

    @Inject
    TenantImport tenantImport;

    @GET
    @Path("export")
    @Produces(NDJSON)
    @RolesAllowed(Roles.ADMIN)
    public Response exportTenant(@QueryParam("scope_prefix") String scopePrefix) {
        Scope below = scopePrefix == null || scopePrefix.isEmpty() ? null : prefix(scopePrefix);
        if (below != null) {
            export.requireReach(below);
        }
        StreamingOutput body = out -> {
            Writer lines = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 64 * 1024);
            Instant now = Timestamps.now(clock); // one moment: the versions exported are those of the facts exported
            export.facts(
                    below,
                    now,
                    fact -> line(
                            lines,
                            Jsons.createObjectBuilder().add("kind", "fact").addAll(FactJson.stored(fact))));
            export.versions(
                    below,
                    now,
                    version -> line(
                            lines,
                            Jsons.createObjectBuilder()
                                    .add("kind", "version")
                                    .add("scope", version.scopeName())
                                    .add("fact_id", version.factId())
                                    .addAll(FactJson.version(version))));
            export.logs(
                    below,
                    entry -> line(
                            lines,
                            JsonFields.addNullable(
                                    Jsons.createObjectBuilder()
                                            .add("kind", "log")
                                            .add("id", entry.id())
                                            .add("scope", entry.scopeName())
                                            .add("timestamp", Timestamps.format(entry.loggedAt()))
                                            .add("category", entry.category())
                                            .add("content", entry.content())
                                            .add("persistent", entry.persistent()),
                                    "fact_id",
                                    entry.factId())));
            export.snapshots(below, snapshot -> {
                JsonArrayBuilder facts = Jsons.createArrayBuilder();
                for (Fact.Row fact : snapshot.facts()) {
                    facts.add(FactJson.stored(fact));
                }
                line(
                        lines,
                        Jsons.createObjectBuilder()
                                .add("kind", "snapshot")
                                .add("scope", snapshot.snapshot().scopeName())
                                .add("name", snapshot.snapshot().name())
                                .add(
                                        "created_at",
                                        Timestamps.format(snapshot.snapshot().createdAt()))
                                .add("facts", facts));
            });
            lines.flush();
        };
        return Response.ok(body, NDJSON + ";charset=utf-8").build();
    }

    @POST
    @Path("import")
    @Consumes({NDJSON, "application/jsonl", MediaType.TEXT_PLAIN})
    @Produces(MediaType.APPLICATION_JSON)
    @RolesAllowed(Roles.ADMIN)
    public JsonObject importTenant(InputStream body, @QueryParam("dry_run") String dryRun) {
        TenantImport.Result result = tenantImport.run(body, QueryParams.flag("dry_run", dryRun, false));
        ImportCounts counts = result.counts();
        return Jsons.createObjectBuilder()
                .add(
                        "facts",
                        Jsons.createObjectBuilder()
                                .add("created", counts.of(Kind.FACT, Outcome.CREATED))
                                .add("updated", counts.of(Kind.FACT, Outcome.UPDATED))
                                .add("unchanged", counts.of(Kind.FACT, Outcome.UNCHANGED)))
                .add("logs", createdAndUnchanged(counts, Kind.LOG))
                .add("snapshots", createdAndUnchanged(counts, Kind.SNAPSHOT))
                .add("dry_run", result.dryRun())
                .build();
    }

    private static JsonObjectBuilder createdAndUnchanged(ImportCounts counts, Kind kind) {
        return Jsons.createObjectBuilder()
                .add("created", counts.of(kind, Outcome.CREATED))
                .add("unchanged", counts.of(kind, Outcome.UNCHANGED));
    }

    private static void line(Writer lines, JsonObjectBuilder json) throws java.io.IOException {
        lines.write(json.build().toString());
        lines.write('\n');
    }

    private static Scope prefix(String value) {
        String problem = Scope.problemWith(value);
        if (problem != null) {
            throw DomainException.invalid("scope_prefix", problem);
        }
        return Scope.of(value);
    }
}
