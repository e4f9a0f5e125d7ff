package dev.memoria.cli;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** Turns what a user typed for a fact id (the whole id, or a start of it as `show` prints) into the full id. */
final class FactIds {

    private static final Pattern FULL =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    private static final Pattern PREFIX = Pattern.compile("[0-9a-fA-F-]{1,36}");
    private static final int PAGE = 500;

    private FactIds() {}

    /**
     * The id itself when it is whole; else the one fact of the scope (superseded ones included) whose id starts with
     * it. {@code scopePath} ends with "/".
     */
    static String resolve(ServerClient client, String scopePath, String scope, String given, CommandLine command)
            throws IOException, InterruptedException {
        if (FULL.matcher(given).matches()) {
            return given.toLowerCase(Locale.ROOT);
        }
        if (!PREFIX.matcher(given).matches()) {
            throw new CommandLine.ParameterException(
                    command, "'" + given + "' is not a fact id: give the id `memoria show` prints, or --key KEY.");
        }
        String prefix = given.toLowerCase(Locale.ROOT);
        List<String> matches = new ArrayList<>();
        String cursor = null;
        do {
            JsonObject page = client.getJson(scopePath + "facts?include_superseded=true&limit=" + PAGE
                    + (cursor == null ? "" : "&cursor=" + ServerClient.encode(cursor)));
            for (JsonObject fact : page.getJsonArray("items").getValuesAs(JsonObject.class)) {
                if (fact.getString("id").startsWith(prefix)) {
                    matches.add(fact.getString("id"));
                }
            }
            cursor = page.get("next_cursor") instanceof JsonString next ? next.getString() : null;
        } while (cursor != null && matches.size() < 2);
        if (matches.isEmpty()) {
            throw new MemoriaCli.CliFailure(
                    MemoriaCli.REFUSED,
                    "no fact of scope " + scope + " has an id starting with '" + given
                            + "'; check the id with `memoria show -s " + scope + "`.");
        }
        if (matches.size() > 1) {
            throw new MemoriaCli.CliFailure(
                    MemoriaCli.USAGE,
                    "'" + given + "' starts the ids of several facts of scope " + scope + " (" + matches.get(0) + ", "
                            + matches.get(1) + "); give more of the id.");
        }
        return matches.get(0);
    }
}
