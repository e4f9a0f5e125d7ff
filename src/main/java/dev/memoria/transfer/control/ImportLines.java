package dev.memoria.transfer.control;

import dev.memoria.fact.control.FactInput;
import dev.memoria.fact.entity.Change;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactDefaults;
import dev.memoria.fact.entity.FactType;
import dev.memoria.fact.entity.FactVersion;
import dev.memoria.fact.entity.Tags;
import dev.memoria.fact.entity.Validity;
import dev.memoria.platform.control.BoundedJson;
import dev.memoria.platform.control.FieldReader;
import dev.memoria.platform.entity.DomainException.FieldError;
import dev.memoria.platform.entity.StorableText;
import dev.memoria.scope.entity.Scope;
import dev.memoria.snapshot.entity.Snapshot;
import dev.memoria.transfer.entity.ImportLine;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Reads one line of an export file into what it stands for, checking every field as the API checks a write.
 * A line it cannot take adds its problems as errors named "line N" and gives nothing.
 */
final class ImportLines {

    private static final Pattern ID =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    private static final Set<String> LOG_FIELDS =
            Set.of("kind", "id", "scope", "timestamp", "category", "content", "persistent", "fact_id");
    private static final Set<String> SNAPSHOT_FIELDS = Set.of("kind", "scope", "name", "created_at", "facts");

    private ImportLines() {}

    static Optional<ImportLine> read(String text, int number, List<FieldError> errors) {
        Problems problems = new Problems(number, errors);
        JsonValue json;
        try {
            json = BoundedJson.readOne(new StringReader(text));
        } catch (BoundedJson.Unstorable unstorable) {
            problems.add(unstorable.getMessage());
            return Optional.empty();
        } catch (JsonException malformed) {
            problems.add("is not one JSON object: " + malformed.getMessage());
            return Optional.empty();
        }
        if (!(json instanceof JsonObject line)) {
            problems.add("is not a JSON object");
            return Optional.empty();
        }
        String kind = line.get("kind") instanceof JsonString s ? s.getString() : null;
        int before = errors.size();
        ImportLine read = switch (kind == null ? "" : kind) {
            case "fact" -> {
                JsonObject fields = without(line, "kind");
                Fact.Row fact = fact(fields, null, "", problems);
                boolean undecided = !fields.containsKey("superseded_by") && !fields.containsKey("valid_to");
                yield fact == null ? null : new ImportLine.FactLine(number, fact, undecided);
            }
            case "log" -> log(line, number, problems);
            case "version" -> version(line, number, problems);
            case "snapshot" -> snapshot(line, number, problems);
            default -> {
                problems.add("kind: must be one of fact, version, log, snapshot");
                yield null;
            }
        };
        return errors.size() > before ? Optional.empty() : Optional.ofNullable(read);
    }

    /** A fact of a fact line, or of a snapshot's facts (whose scope is the snapshot's). */
    private static Fact.Row fact(JsonObject json, String snapshotScope, String path, Problems problems) {
        List<FieldError> inputErrors = new ArrayList<>();
        FactInput input = FactInput.read(json, FactInput.Mode.CREATE, path, inputErrors);
        inputErrors.forEach(error -> problems.add(error.field() + ": " + error.message()));
        for (String inputOnly : List.of("ttl_seconds", "dedupe", "supersedes")) {
            if (input.has(inputOnly)) {
                problems.add(path + inputOnly + ": is not a field of an exported fact");
            }
        }
        Fields fields = new Fields(json, path, problems);
        String id = fields.id("id", true);
        String scope = snapshotScope;
        if (snapshotScope == null) {
            scope = fields.scope("scope");
        } else if (json.containsKey("scope")
                && !(json.get("scope") instanceof JsonString s && s.getString().equals(snapshotScope))) {
            problems.add(path + "scope: must be the snapshot's scope");
        }
        Instant created = fields.time("created_at", true);
        Instant updated = fields.time("updated_at", true);
        Instant lastAccessed = fields.time("last_accessed_at", false);
        Instant expires = fields.time("expires_at", false);
        int accessCount = fields.count("access_count");
        int version = json.containsKey("version") ? fields.count("version") : 1;
        if (version < 1) {
            problems.add(path + "version: must be a whole number from 1");
        }
        Instant validTo = fields.time("valid_to", false);
        String supersededBy = fields.id("superseded_by", false);
        if (id == null || scope == null || created == null || updated == null || !inputErrors.isEmpty()) {
            return null;
        }
        Instant validFrom = input.validFrom() != null ? input.validFrom() : created;
        for (String text : textsOf(input)) {
            if (!StorableText.isStorable(text)) {
                problems.add(path + "content: " + StorableText.PROBLEM);
                return null;
            }
        }
        return new Fact.Row(
                id,
                scope,
                input.key(),
                input.title(),
                input.content(),
                input.category() == null ? FactDefaults.CATEGORY : input.category(),
                input.type() == null ? FactType.SEMANTIC : input.type(),
                input.importance() == null ? FactDefaults.IMPORTANCE : input.importance(),
                input.persistent() != null && input.persistent(),
                Tags.encode(input.tags() == null ? List.of() : input.tags()),
                input.source() == null ? FactDefaults.SOURCE : input.source(),
                created,
                updated,
                lastAccessed,
                accessCount,
                expires,
                0,
                new Validity(
                        Math.max(1, version),
                        validFrom,
                        validTo,
                        supersededBy,
                        validFrom,
                        version > 1 ? Change.IMPORTED : Change.CREATED));
    }

    /** An older version of a fact: a history item of it, with its scope and fact id. */
    private static ImportLine.VersionLine version(JsonObject line, int number, Problems problems) {
        Fields fields = new Fields(line, "", problems);
        String scope = fields.scope("scope");
        String factId = fields.id("fact_id", true);
        int version = fields.count("version");
        Instant validFrom = fields.time("valid_from", true);
        Instant validTo = fields.time("valid_to", false);
        Instant changedAt = fields.time("changed_at", true);
        Change change = line.get("change") instanceof JsonString name
                ? Change.fromWire(name.getString()).orElse(null)
                : null;
        if (change == null) {
            problems.add("change: must be one of created, edited, replaced, imported, restored, superseded");
        }
        if (version < 1) {
            problems.add("version: must be a whole number from 1");
        }
        List<FieldError> inputErrors = new ArrayList<>();
        FactInput input = FactInput.read(
                without(line, "kind", "scope", "fact_id", "version", "valid_from", "valid_to", "changed_at", "change"),
                FactInput.Mode.CREATE,
                "",
                inputErrors);
        inputErrors.forEach(error -> problems.add(error.field() + ": " + error.message()));
        for (String text : textsOf(input)) {
            if (!StorableText.isStorable(text)) {
                problems.add("content: " + StorableText.PROBLEM);
            }
        }
        if (scope == null
                || factId == null
                || validFrom == null
                || changedAt == null
                || change == null
                || version < 1
                || !inputErrors.isEmpty()
                || input.content() == null) {
            return null;
        }
        return new ImportLine.VersionLine(
                number,
                scope,
                new FactVersion(
                        factId,
                        version,
                        scope,
                        input.title(),
                        input.content(),
                        input.category() == null ? FactDefaults.CATEGORY : input.category(),
                        input.type() == null ? FactType.SEMANTIC : input.type(),
                        input.importance() == null ? FactDefaults.IMPORTANCE : input.importance(),
                        input.tags() == null ? List.of() : input.tags(),
                        input.source() == null ? FactDefaults.SOURCE : input.source(),
                        validFrom,
                        validTo,
                        changedAt,
                        change));
    }

    private static ImportLine.LogLine log(JsonObject line, int number, Problems problems) {
        unknownFields(line, LOG_FIELDS, "", problems);
        Fields fields = new Fields(line, "", problems);
        String scope = fields.scope("scope");
        Instant at = fields.time("timestamp", true);
        String category = fields.text("category", FactInput.MAX_CATEGORY, true);
        String content = fields.text("content", FactInput.MAX_CONTENT, false);
        boolean persistent = fields.bool("persistent");
        String factId = fields.id("fact_id", false);
        String id = line.containsKey("id") ? fields.id("id", true) : null;
        if (scope == null || at == null || category == null || content == null) {
            return null;
        }
        if (id == null) {
            // a hand-written line without an id: the same line imported again finds the same id
            id = UUID.nameUUIDFromBytes(String.join(
                                    "\u0000",
                                    scope,
                                    at.toString(),
                                    category,
                                    content,
                                    String.valueOf(persistent),
                                    String.valueOf(factId))
                            .getBytes(StandardCharsets.UTF_8))
                    .toString();
        }
        return new ImportLine.LogLine(number, id, scope, at, category, content, persistent, factId);
    }

    private static ImportLine.SnapshotLine snapshot(JsonObject line, int number, Problems problems) {
        unknownFields(line, SNAPSHOT_FIELDS, "", problems);
        Fields fields = new Fields(line, "", problems);
        String scope = fields.scope("scope");
        String name = fields.text("name", 64, true);
        if (name != null && Snapshot.problemWithName(name) != null) {
            problems.add("name: " + Snapshot.problemWithName(name));
        }
        Instant created = fields.time("created_at", true);
        if (!(line.get("facts") instanceof JsonArray array)) {
            problems.add("facts: must be an array of facts");
            return null;
        }
        if (scope == null) {
            return null;
        }
        List<Fact.Row> facts = new ArrayList<>(array.size());
        Set<String> ids = new java.util.HashSet<>();
        for (int i = 0; i < array.size(); i++) {
            String path = "facts[" + i + "].";
            if (!(array.get(i) instanceof JsonObject object)) {
                problems.add("facts[" + i + "]: must be a JSON object");
                continue;
            }
            Fact.Row fact = fact(object, scope, path, problems);
            if (fact != null && !ids.add(fact.id())) {
                problems.add(path + "id: appears twice in the snapshot");
            } else if (fact != null) {
                facts.add(fact);
            }
        }
        return name == null || created == null
                ? null
                : new ImportLine.SnapshotLine(number, scope, name, created, facts);
    }

    private static List<String> textsOf(FactInput input) {
        List<String> texts = new ArrayList<>();
        for (String text :
                new String[] {input.content(), input.title(), input.key(), input.category(), input.source()}) {
            if (text != null) {
                texts.add(text);
            }
        }
        if (input.tags() != null) {
            texts.addAll(input.tags());
        }
        return texts;
    }

    private static void unknownFields(JsonObject json, Set<String> known, String path, Problems problems) {
        new FieldReader(json, path, (field, message) -> problems.add(field + ": " + message)).unknownFields(known);
    }

    private static JsonObject without(JsonObject json, String... names) {
        var copy = dev.memoria.platform.control.Jsons.createObjectBuilder(json);
        for (String name : names) {
            copy.remove(name);
        }
        return copy.build();
    }

    /** The problems of one line, each an error of the field "line N". */
    private record Problems(int number, List<FieldError> errors) {
        void add(String message) {
            errors.add(new FieldError("line " + number, message));
        }
    }

    /** FieldReader and the import's own field kinds: a UUID, a scope, text kept exactly as written. */
    private static final class Fields {

        private final JsonObject json;
        private final FieldReader reader;

        Fields(JsonObject json, String path, Problems problems) {
            this.json = json;
            this.reader = new FieldReader(json, path, (field, message) -> problems.add(field + ": " + message));
        }

        String id(String name, boolean required) {
            JsonValue value = json.get(name);
            if (value == null || value == JsonValue.NULL) {
                if (required) {
                    reader.error(name, "is required");
                }
                return null;
            }
            if (!(value instanceof JsonString s) || !ID.matcher(s.getString()).matches()) {
                reader.error(name, "must be a UUID");
                return null;
            }
            return s.getString().toLowerCase(Locale.ROOT);
        }

        String scope(String name) {
            String text = json.get(name) instanceof JsonString s ? s.getString() : null;
            String problem = Scope.problemWith(text);
            if (problem != null) {
                reader.error(name, text == null ? "is required as a string" : problem);
                return null;
            }
            return text;
        }

        Instant time(String name, boolean required) {
            return reader.time(name, required);
        }

        int count(String name) {
            return (int) reader.integer(name, 0, 0, Integer.MAX_VALUE);
        }

        /** Text as written, not stripped: a daily log's entry comes back as it was exported. */
        String text(String name, int max, boolean singleLine) {
            String text = json.get(name) instanceof JsonString s ? s.getString() : null;
            if (text == null || FieldReader.stripSpaces(text).isEmpty()) {
                reader.error(name, "is required as a non-empty string");
                return null;
            }
            if (text.codePointCount(0, text.length()) > max) {
                reader.error(name, "must be at most " + max + " characters");
                return null;
            }
            if (!StorableText.isStorable(text) || singleLine && text.chars().anyMatch(Character::isISOControl)) {
                reader.error(
                        name,
                        "must be "
                                + (singleLine
                                        ? "a single line without control characters"
                                        : "text without NUL characters (U+0000) or unpaired surrogates"));
                return null;
            }
            return text;
        }

        /** Absent or null: false. */
        boolean bool(String name) {
            return reader.given(name) && Boolean.TRUE.equals(reader.bool(name));
        }
    }
}
