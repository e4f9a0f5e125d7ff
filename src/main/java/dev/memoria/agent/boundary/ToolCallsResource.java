package dev.memoria.agent.boundary;

import dev.memoria.agent.control.AgentTool;
import dev.memoria.agent.control.ToolArguments;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.entity.Scope;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

@Path("/scopes/{scope}/tool-calls")
@Produces(MediaType.APPLICATION_JSON)
public class ToolCallsResource {

    static final String SOURCE = "tool";

    @Inject
    ToolCalls calls;

    @Context
    SecurityContext security;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed({Roles.READ, Roles.WRITE, Roles.ADMIN})
    public JsonObject call(@PathParam("scope") String scope, JsonValue body) {
        if (!(body instanceof JsonObject json) || !(json.get("name") instanceof JsonString name)) {
            throw DomainException.invalid("name", "is required: the name of a tool from GET /api/v1/tools");
        }
        JsonValue arguments = json.getOrDefault("arguments", JsonValue.EMPTY_JSON_OBJECT);
        if (arguments == JsonValue.NULL) {
            arguments = JsonValue.EMPTY_JSON_OBJECT;
        }
        if (!(arguments instanceof JsonObject args)) {
            throw DomainException.invalid("arguments", "must be a JSON object");
        }
        AgentTool tool = AgentTool.fromWire(name.getString())
                .orElseThrow(() -> DomainException.notFound(
                        "No tool named '" + name.getString() + "'; GET /api/v1/tools lists them."));
        boolean canWrite = security.isUserInRole(Roles.WRITE) || security.isUserInRole(Roles.ADMIN);
        ToolCalls.Result result =
                calls.call(tool, new ToolArguments(tool, args, false), Scope.of(scope), canWrite, SOURCE);
        return Jsons.createObjectBuilder()
                .add("content", result.content())
                .add("data", result.data())
                .build();
    }
}
