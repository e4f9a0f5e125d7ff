package dev.memoria.cli;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/**
 * Who the token names: tenant, subject, roles, the scopes it is limited to and when it expires, read from the token
 * itself; then whether the server accepts it, and how many scopes it sees with it.
 */
@Command(
        name = "whoami",
        description = "The tenant, subject, roles and expiry of the token, and whether the server takes it.")
class WhoamiCommand implements Callable<Integer> {

    @ParentCommand
    MemoriaCli cli;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        ServerClient client = cli.client();
        JsonObject claims = Token.claims(cli.token)
                .orElseThrow(() -> new MemoriaCli.CliFailure(
                        MemoriaCli.USAGE,
                        "the token is not a JWT (three base64url parts separated by dots); check MEMORIA_TOKEN or"
                                + " --token."));
        Instant expires = Token.expiry(cli.token).orElse(null);
        JsonObjectBuilder who = Json.createObjectBuilder()
                .add("url", cli.url)
                .add("tenant", claims.getOrDefault("tenant", JsonValue.NULL))
                .add("subject", claims.getOrDefault("sub", JsonValue.NULL))
                .add("roles", claims.getOrDefault("groups", JsonValue.EMPTY_JSON_ARRAY))
                .add("memory_scopes", claims.getOrDefault("memory_scopes", JsonValue.NULL))
                .add("issuer", claims.getOrDefault("iss", JsonValue.NULL))
                .add("expires_at", expires == null ? JsonValue.NULL : Json.createValue(expires.toString()));
        if (expires != null && expires.isBefore(Instant.now())) {
            cli.output().fields(who.build());
            throw new MemoriaCli.CliFailure(
                    MemoriaCli.REFUSED,
                    "the token expired at " + expires + "; get a new one and pass it with --token or MEMORIA_TOKEN.");
        }
        JsonObject scopes = client.getJson("api/v1/scopes"); // a refusal says why the server does not take it
        who.add("accepted", true)
                .add("visible_scopes", scopes.getJsonArray("items").size());
        cli.output().fields(who.build());
        return MemoriaCli.OK;
    }
}
