package dev.memoria.memorymd.boundary;

import dev.memoria.memorymd.control.MemoryMarkdownService;
import dev.memoria.platform.boundary.BodyCharset;
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
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;

@Path("/scopes/{scope}/memory.md")
public class MemoryMarkdownResource {

    public static final String MARKDOWN = "text/markdown";

    @Inject
    MemoryMarkdownService memory;

    @PathParam("scope")
    String scope;

    @GET
    @Produces(MARKDOWN)
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public Response export() {
        return Response.ok(memory.export(Scope.of(scope)), MARKDOWN + ";charset=utf-8")
                .build();
    }

    @PUT
    @Consumes({MARKDOWN, MediaType.TEXT_PLAIN})
    @Produces(MediaType.APPLICATION_JSON)
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public JsonObject importFile(byte[] body, @Context HttpHeaders headers) {
        String markdown = decode(body, headers.getMediaType());
        MemoryMarkdownService.ImportResult result = memory.importFile(Scope.of(scope), markdown);
        JsonArrayBuilder unread = Jsons.createArrayBuilder();
        result.unread()
                .forEach(line -> unread.add(Jsons.createObjectBuilder()
                        .add("line", line.line())
                        .add("text", line.text())
                        .add("reason", line.reason())));
        return Jsons.createObjectBuilder()
                .add("imported", result.imported())
                .add("skipped", result.skipped())
                .add("unread", unread)
                .build();
    }

    /**
     * The file's text in the charset its Content-Type names (UTF-8 when none), decoded strictly: the runtime's
     * own decoding failed with a 500 on a charset it did not know, and replaced malformed bytes silently.
     */
    static String decode(byte[] body, MediaType type) {
        Charset charset = BodyCharset.of(type);
        try {
            return BodyCharset.strictDecoder(charset)
                    .decode(ByteBuffer.wrap(body == null ? new byte[0] : body))
                    .toString();
        } catch (CharacterCodingException malformed) {
            throw BodyCharset.notText(charset);
        }
    }
}
