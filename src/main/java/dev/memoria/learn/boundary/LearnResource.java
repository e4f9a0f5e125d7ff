package dev.memoria.learn.boundary;

import dev.memoria.fact.boundary.FactJson;
import dev.memoria.learn.control.LearnService;
import dev.memoria.learn.control.LlmProvider;
import dev.memoria.learn.control.Turn;
import dev.memoria.platform.boundary.Roles;
import dev.memoria.platform.control.FieldReader;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.scope.entity.Scope;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

@Path("/scopes/{scope}/learn")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class LearnResource {

    static final int MAX_TURNS = 500;
    static final int MAX_TURN_CHARS = 32_000;
    static final int MAX_TOTAL_CHARS = 200_000;
    private static final Set<String> ROLES = Set.of("user", "assistant", "system", "tool");
    private static final Set<String> FIELDS = Set.of("turns", "provider", "conflict_threshold");
    private static final Set<String> TURN_FIELDS = Set.of("role", "content");

    @Inject
    Clock clock;

    @Inject
    LearnService learn;

    @POST
    @RolesAllowed({Roles.WRITE, Roles.ADMIN})
    public JsonObject learn(@PathParam("scope") String scope, JsonValue body) {
        FieldReader fields = FieldReader.body(body, FIELDS, "must be a JSON object with a turns array");
        List<Turn> turns = turns(fields.value("turns"), fields);
        LlmProvider provider = provider(fields.value("provider"), fields);
        Double threshold = threshold(fields.value("conflict_threshold"), fields);
        fields.validate();
        LearnService.Learned learned = learn.learn(Scope.of(scope), turns, provider, threshold);
        Instant now = Timestamps.now(clock);
        return Jsons.createObjectBuilder()
                .add("added", FactJson.array(learned.added(), now))
                .add("reinforced", FactJson.array(learned.reinforced(), now))
                .add("superseded", Jsons.createArrayBuilder(learned.superseded()))
                .add("skipped", learned.skipped())
                .build();
    }

    private static List<Turn> turns(JsonValue value, FieldReader fields) {
        if (!(value instanceof JsonArray array) || array.isEmpty() || array.size() > MAX_TURNS) {
            fields.error("turns", "is required: an array of 1-" + MAX_TURNS + " {role, content} objects");
            return List.of();
        }
        List<Turn> turns = new ArrayList<>();
        long total = 0;
        for (int i = 0; i < array.size(); i++) {
            String path = "turns[" + i + "].";
            if (!(array.get(i) instanceof JsonObject turn)) {
                fields.error("turns[" + i + "]", "must be an object with role and content");
                continue;
            }
            String role = turn.get("role") instanceof JsonString r ? r.getString() : null;
            if (role == null || !ROLES.contains(role)) {
                fields.error(path + "role", "must be one of user, assistant, system, tool");
            }
            String content = turn.get("content") instanceof JsonString c ? c.getString() : null;
            if (content == null || content.isBlank() || content.length() > MAX_TURN_CHARS) {
                fields.error(path + "content", "must be a string of 1-" + MAX_TURN_CHARS + " characters");
            } else {
                total += content.length();
            }
            new FieldReader(turn, path, fields::error).unknownFields(TURN_FIELDS);
            turns.add(new Turn(role, content));
        }
        if (total > MAX_TOTAL_CHARS) {
            fields.error("turns", "must hold at most " + MAX_TOTAL_CHARS + " characters in all");
        }
        return turns;
    }

    private static LlmProvider provider(JsonValue value, FieldReader fields) {
        if (value == null || value == JsonValue.NULL) {
            return LlmProvider.RULES;
        }
        LlmProvider provider = value instanceof JsonString s
                ? LlmProvider.fromWire(s.getString()).orElse(null)
                : null;
        if (provider == null) {
            fields.error("provider", "must be one of rules, openai, openai-compat, anthropic");
        }
        return provider;
    }

    private static Double threshold(JsonValue value, FieldReader fields) {
        if (value == null || value == JsonValue.NULL) {
            return null;
        }
        if (!(value instanceof JsonNumber number) || number.doubleValue() < 0 || number.doubleValue() > 1) {
            fields.error("conflict_threshold", "must be a number from 0.0 to 1.0");
            return null;
        }
        return number.doubleValue();
    }
}
