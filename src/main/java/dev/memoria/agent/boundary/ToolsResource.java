package dev.memoria.agent.boundary;

import dev.memoria.agent.control.AgentTool;
import dev.memoria.agent.control.ToolCatalog;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.entity.DomainException;
import jakarta.annotation.security.RolesAllowed;
import jakarta.json.JsonArray;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Locale;

@Path("/tools")
@Produces(MediaType.APPLICATION_JSON)
public class ToolsResource {

    @GET
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public JsonArray tools(@QueryParam("format") String format) {
        return ToolCatalog.render(format(format), List.of(AgentTool.values()));
    }

    private static ToolCatalog.Format format(String format) {
        if (format == null || format.isBlank()) {
            return ToolCatalog.Format.OPENAI;
        }
        return switch (format.toLowerCase(Locale.ROOT)) {
            case "openai" -> ToolCatalog.Format.OPENAI;
            case "anthropic" -> ToolCatalog.Format.ANTHROPIC;
            default -> throw DomainException.invalid("format", "must be openai or anthropic");
        };
    }
}
