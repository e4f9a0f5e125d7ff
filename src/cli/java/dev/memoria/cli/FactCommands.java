package dev.memoria.cli;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The commands of one fact: list, add, read, forget, edit, and its versions. */
final class FactCommands {

    private FactCommands() {}

    /** One fact, named by its id (or a unique start of it) or by its key. */
    static final class FactRef {
        @Parameters(
                paramLabel = "ID",
                description = "The fact's id, or enough of its start to name one fact of the scope.")
        String id;

        @Option(names = "--key", description = "The key the fact is saved under.")
        String key;
    }

    /** A command about one fact: resolves the reference once. */
    abstract static class OneFact extends CliCommand {

        @ArgGroup(multiplicity = "1")
        FactRef ref;

        private String resolvedId;

        /** The fact the reference names, fetched. */
        JsonObject fetch() throws IOException, InterruptedException {
            return client().getJson(scopePath(ref.key != null ? ServerClient.keyPath(ref.key) : "facts/" + factId()));
        }

        /** The fact's full id: by its key, as given, or the one id of the scope's facts that starts with the text given. */
        String factId() throws IOException, InterruptedException {
            if (resolvedId == null) {
                resolvedId = ref.key != null
                        ? fetch().getString("id")
                        : FactIds.resolve(client(), scopePath(""), cli.scope, ref.id, spec.commandLine());
            }
            return resolvedId;
        }
    }

    @Command(name = "show", description = "List the scope's facts, newest first, with their full ids and keys.")
    static final class Show extends CliCommand {
        @Option(names = "--category", description = "Only this category.")
        String category;

        @Option(names = "--type", description = "Only this type: ${COMPLETION-CANDIDATES}.")
        MemoriaCli.FactType type;

        @Option(names = "--tag", description = "Only facts with this tag.")
        String tag;

        @Option(
                names = {"-q", "--query"},
                description = "Only facts holding these words.")
        String query;

        @Option(names = "--include-superseded", description = "Also facts a newer one replaced.")
        boolean superseded;

        @Option(
                names = "--limit",
                defaultValue = "50",
                description = "At most this many (default ${DEFAULT-VALUE}, at most 500).")
        int limit;

        @Override
        public Integer call() throws IOException, InterruptedException {
            List<String> params = new ArrayList<>(List.of("limit=" + limit));
            param(params, "category", category);
            param(params, "type", type == null ? null : type.name());
            param(params, "tag", tag);
            param(params, "q", query);
            if (superseded) {
                params.add("include_superseded=true");
            }
            JsonObject page = client().getJson(scopePath("facts?" + String.join("&", params)));
            output().facts(page, page.getJsonArray("items").getValuesAs(JsonObject.class), null);
            if (!json() && page.get("next_cursor") instanceof jakarta.json.JsonString) {
                output().line("(more facts than --limit " + limit + ": raise --limit or narrow with --category)");
            }
            return OK;
        }

        private static void param(List<String> params, String name, String value) {
            if (value != null) {
                params.add(name + "=" + ServerClient.encode(value));
            }
        }
    }

    @Command(name = "add", description = "Remember a fact (saved under --key when given).")
    static final class Add extends CliCommand {
        @Parameters(paramLabel = "CONTENT", description = "What to remember.")
        String content;

        @Option(names = "--category")
        String category;

        @Option(names = "--type", description = "${COMPLETION-CANDIDATES}.")
        MemoriaCli.FactType type;

        @Option(names = "--importance", description = "0.0-1.0.")
        Double importance;

        @Option(names = "--persistent", description = "Keep it in MEMORY.md; it never fades.")
        boolean persistent;

        @Option(names = "--tag", description = "A tag; repeat for more.")
        List<String> tags;

        @Option(names = "--title")
        String title;

        @Option(names = "--key", description = "Save under this key (any text), replacing what it held.")
        String key;

        @Option(names = "--ttl", paramLabel = "SECONDS", description = "Forget it after this many seconds.")
        Long ttl;

        @Override
        public Integer call() throws IOException, InterruptedException {
            JsonObjectBuilder fact = Json.createObjectBuilder().add("content", content);
            if (category != null) {
                fact.add("category", category);
            }
            if (type != null) {
                fact.add("type", type.name());
            }
            if (importance != null) {
                fact.add("importance", importance);
            }
            if (persistent) {
                fact.add("persistent", true);
            }
            if (tags != null) {
                fact.add("tags", Json.createArrayBuilder(tags));
            }
            if (title != null) {
                fact.add("title", title);
            }
            if (ttl != null) {
                fact.add("ttl_seconds", ttl);
            }
            JsonObject saved = key == null
                    ? client().send("POST", scopePath("facts"), fact.build().toString())
                    : client().send(
                                    "PUT",
                                    scopePath(ServerClient.keyPath(key)),
                                    fact.build().toString());
            output().facts(saved, List.of(saved), null);
            return OK;
        }
    }

    @Command(name = "get", description = "One fact, every field.")
    static final class Get extends OneFact {
        @Override
        public Integer call() throws IOException, InterruptedException {
            JsonObject fact = fetch();
            if (json()) {
                output().json(fact);
            } else {
                output().fields(fact);
            }
            return OK;
        }
    }

    @Command(name = "forget", description = "Delete a fact and its daily-log entries.")
    static final class Forget extends OneFact {
        @Override
        public Integer call() throws IOException, InterruptedException {
            String path = ref.key != null ? ServerClient.keyPath(ref.key) : "facts/" + factId();
            client().send("DELETE", scopePath(path), null);
            String what = ref.key != null ? "the fact saved under key '" + ref.key + "'" : "fact " + factId();
            output().line(
                            json()
                                    ? Json.createObjectBuilder()
                                            .add("forgot", what)
                                            .build()
                                            .toString()
                                    : "Forgot " + what);
            return OK;
        }
    }

    @Command(name = "edit", description = "Change fields of a fact (a new version of it).")
    static final class Edit extends OneFact {
        @Option(names = "--content")
        String content;

        @Option(names = "--title")
        String title;

        @Option(names = "--category")
        String category;

        @Option(names = "--type", description = "${COMPLETION-CANDIDATES}.")
        MemoriaCli.FactType type;

        @Option(names = "--importance", description = "0.0-1.0.")
        Double importance;

        @Option(
                names = "--persistent",
                negatable = true,
                description = "Make it persistent (--no-persistent: let it fade).")
        Boolean persistent;

        @Option(names = "--tag", description = "Replace the tags with these; repeat for more.")
        List<String> tags;

        @Option(names = "--no-tags", description = "Remove every tag.")
        boolean noTags;

        @Option(names = "--ttl", paramLabel = "SECONDS", description = "Forget it this many seconds from now.")
        Long ttl;

        @Override
        public Integer call() throws IOException, InterruptedException {
            JsonObjectBuilder change = Json.createObjectBuilder();
            if (content != null) {
                change.add("content", content);
            }
            if (title != null) {
                change.add("title", title);
            }
            if (category != null) {
                change.add("category", category);
            }
            if (type != null) {
                change.add("type", type.name());
            }
            if (importance != null) {
                change.add("importance", importance);
            }
            if (persistent != null) {
                change.add("persistent", persistent);
            }
            if (tags != null || noTags) {
                change.add("tags", Json.createArrayBuilder(tags == null ? List.of() : tags));
            }
            if (ttl != null) {
                change.add("ttl_seconds", ttl);
            }
            JsonObject body = change.build();
            if (body.isEmpty()) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        "Nothing to change: give --content, --title, --category, --type, --importance, --persistent,"
                                + " --tag or --ttl.");
            }
            JsonObject saved = client().send("PATCH", scopePath("facts/" + factId()), body.toString());
            output().facts(saved, List.of(saved), null);
            return OK;
        }
    }

    @Command(name = "history", description = "Every version of a fact, oldest first.")
    static final class History extends OneFact {
        @Override
        public Integer call() throws IOException, InterruptedException {
            String id = factId();
            JsonObject history;
            try {
                history = client().getJson(scopePath("facts/" + id + "/history"));
            } catch (ServerClient.Refused refused) {
                if (refused.status() != 404 && refused.status() != 405) {
                    throw refused;
                }
                client().getJson(scopePath("facts/" + id)); // an unknown fact is refused as such
                throw new MemoriaCli.CliFailure(
                        REFUSED,
                        "the server at " + cli.url + " keeps no fact history (GET /facts/{id}/history answered "
                                + refused.status() + "); upgrade the server to read fact " + id + "'s versions.");
            }
            if (json()) {
                output().json(history);
                return OK;
            }
            List<List<String>> rows = new ArrayList<>();
            for (JsonObject version : history.getJsonArray("items").getValuesAs(JsonObject.class)) {
                rows.add(List.of(
                        Output.text(version.get("version")),
                        Output.text(version.getOrDefault("change", JsonValue.NULL)),
                        Output.text(version.getOrDefault("valid_from", JsonValue.NULL)),
                        Output.text(version.getOrDefault("valid_to", JsonValue.NULL)),
                        Output.text(version.getOrDefault("category", JsonValue.NULL)),
                        Output.text(version.getOrDefault("content", JsonValue.NULL))));
            }
            output().table(List.of("VERSION", "CHANGE", "VALID FROM", "VALID TO", "CATEGORY", "CONTENT"), rows);
            return OK;
        }
    }
}
