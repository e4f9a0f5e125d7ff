package dev.memoria.learn.control;

import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** Anthropic Messages API, relative to a base URL such as https://api.anthropic.com. */
public interface AnthropicMessagesApi {

    String VERSION = "2023-06-01";

    @POST
    @Path("v1/messages")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    JsonObject create(
            @HeaderParam("x-api-key") String apiKey,
            @HeaderParam("anthropic-version") String version,
            JsonObject request);
}
