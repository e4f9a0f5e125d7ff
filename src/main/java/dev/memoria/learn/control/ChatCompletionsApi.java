package dev.memoria.learn.control;

import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** OpenAI Chat Completions (also served by OpenAI-compatible servers), relative to a base URL ending in /v1. */
public interface ChatCompletionsApi {

    @POST
    @Path("chat/completions")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    JsonObject complete(@HeaderParam("Authorization") String authorization, JsonObject request);
}
