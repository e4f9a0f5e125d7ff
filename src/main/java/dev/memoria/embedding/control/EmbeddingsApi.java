package dev.memoria.embedding.control;

import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** An OpenAI-compatible /v1/embeddings endpoint, relative to a base URL ending in /v1. */
public interface EmbeddingsApi {

    @POST
    @Path("embeddings")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    JsonObject embed(@HeaderParam("Authorization") String authorization, JsonObject request);
}
