package dev.memoria.memorymd.boundary;

import dev.memoria.memorymd.control.MemoryMarkdownService;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.Jsons;
import dev.memoria.scope.entity.Scope;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/scopes/{scope}/memory.md")
@Tag(name = "MEMORY.md", description = "Persistent facts as a Markdown file")
public class MemoryMarkdownResource {

    public static final String MARKDOWN = "text/markdown";

    @Inject
    MemoryMarkdownService memory;

    @PathParam("scope")
    String scope;

    @GET
    @Produces(MARKDOWN)
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    @Operation(summary = "Export the persistent facts as MEMORY.md")
    public Response export() {
        return Response.ok(memory.export(Scope.of(scope)), MARKDOWN + ";charset=utf-8").build();
    }

    @PUT
    @Consumes({MARKDOWN, MediaType.TEXT_PLAIN})
    @Produces(MediaType.APPLICATION_JSON)
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    @Operation(summary = "Import a MEMORY.md file as persistent facts",
            description = "'## category' headings and '- fact' lines; an identical fact in the same category is skipped; "
                    + "lines that are neither are listed in 'unread'.")
    public JsonObject importFile(String markdown) {
        MemoryMarkdownService.ImportResult result = memory.importFile(Scope.of(scope), markdown == null ? "" : markdown);
        JsonArrayBuilder unread = Jsons.createArrayBuilder();
        result.unread().forEach(line -> unread.add(Jsons.createObjectBuilder()
                .add("line", line.line()).add("text", line.text()).add("reason", line.reason())));
        return Jsons.createObjectBuilder()
                .add("imported", result.imported())
                .add("skipped", result.skipped())
                .add("unread", unread)
                .build();
    }
}
