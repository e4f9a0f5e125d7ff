package dev.memoria.fact.control;

import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactKey;
import dev.memoria.fact.entity.FactType;
import dev.memoria.platform.control.FieldReader;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.platform.entity.DomainException.FieldError;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A fact's input fields, validated. Only the fields the caller sent are present, so the same type serves
 * remember (content required), replace and PATCH (anything may be left out). Every field error is
 * collected, so one 400 names them all.
 */
public final class FactInput {

    public enum Mode {
        CREATE,
        PATCH
    }

    public static final int MAX_CONTENT = 8000;
    public static final int MAX_TITLE = 200;
    public static final int MAX_CATEGORY = 64;
    public static final int MAX_TAGS = 32;
    public static final int MAX_TAG = 64;
    public static final int MAX_SOURCE = 64;
    public static final long MAX_TTL_SECONDS = 100L * 365 * 24 * 3600;
    public static final int MAX_SUPERSEDES = 100;
    private static final Set<String> READ_ONLY = Set.of(
            "id",
            "scope",
            "created_at",
            "updated_at",
            "last_accessed_at",
            "access_count",
            "expires_at",
            "retention",
            "reinforced",
            "version",
            "valid_to",
            "superseded");

    private final Set<String> present = new HashSet<>();
    private String key;
    private String title;
    private String content;
    private String category;
    private FactType type;
    private Double importance;
    private Boolean persistent;
    private List<String> tags;
    private String source;
    private Long ttlSeconds;
    private boolean dedupe = true;
    private Instant validFrom;
    private List<String> supersedes = List.of();
    /** PATCH only: the caller made the fact current again ({@code "superseded_by": null}). */
    private boolean reinstated;

    private FactInput() {}

    /** Builds input from already-trusted values (imports, extraction), still validated. */
    public static FactInput of(Map<String, ?> fields) {
        jakarta.json.JsonObjectBuilder json = Jsons.createObjectBuilder();
        fields.forEach((name, value) -> {
            if (value instanceof String s) {
                json.add(name, s);
            } else if (value instanceof Boolean b) {
                json.add(name, b);
            } else if (value instanceof Number n) {
                json.add(name, n.doubleValue());
            } else if (value instanceof List<?> list) {
                json.add(name, Jsons.createArrayBuilder(list));
            }
        });
        return parse(json.build(), Mode.CREATE, "");
    }

    public static FactInput parse(JsonValue body, Mode mode) {
        return parse(body, mode, "");
    }

    /** @param path prefix for error field names, such as "facts[3]." inside a batch */
    public static FactInput parse(JsonValue body, Mode mode, String path) {
        List<FieldError> errors = new ArrayList<>();
        FactInput input = read(body, mode, path, errors);
        if (!errors.isEmpty()) {
            throw DomainException.invalid(errors);
        }
        return input;
    }

    /** Reads what it can, adding every problem to {@code errors} instead of throwing: a caller that checks more fields. */
    public static FactInput read(JsonValue body, Mode mode, String path, List<FieldError> errors) {
        FactInput input = new FactInput();
        if (!(body instanceof JsonObject json)) {
            errors.add(new FieldError(
                    path.isEmpty() ? "body" : path.substring(0, path.length() - 1), "must be a JSON object"));
            return input;
        }
        FieldReader fields = new FieldReader(json, path, errors);
        fields.unknownFields(KNOWN);
        if (fields.has("content")) {
            input.content = fields.text("content", 1, MAX_CONTENT, false);
        } else if (mode == Mode.CREATE) {
            fields.error("content", "is required");
        }
        if (fields.has("key")) {
            input.key = key(json, fields, "key");
        }
        if (fields.has("title")) {
            input.title = fields.nullableText("title", 1, MAX_TITLE, true);
        }
        if (fields.has("category")) {
            input.category = fields.text("category", 1, MAX_CATEGORY, true);
        }
        if (fields.has("type")) {
            String type = fields.text("type", 1, 32, true);
            if (type != null) {
                input.type = FactType.fromWire(type).orElse(null);
                if (input.type == null) {
                    fields.error("type", "must be one of semantic, episodic, procedural");
                }
            }
        }
        if (fields.has("importance")) {
            input.importance = fields.number("importance", 0.0, 1.0);
        }
        if (fields.has("persistent")) {
            input.persistent = fields.bool("persistent");
        }
        if (fields.has("tags")) {
            input.tags = tags(json, fields, "tags");
        }
        if (fields.has("source")) {
            input.source = fields.text("source", 1, MAX_SOURCE, true);
        }
        if (fields.has("ttl_seconds")) {
            input.ttlSeconds = fields.nullableInteger("ttl_seconds", 1, MAX_TTL_SECONDS);
        }
        if (fields.has("dedupe")) {
            Boolean dedupe = fields.bool("dedupe");
            input.dedupe = dedupe == null || dedupe;
        }
        if (fields.has("valid_from")) {
            input.validFrom = fields.time("valid_from", true);
        }
        if (fields.has("supersedes")) {
            input.supersedes = ids(json, fields, "supersedes", MAX_SUPERSEDES);
        }
        // on a remember, superseded_by is read-only (a fact sent back as it was read); a PATCH may clear it
        if (fields.has("superseded_by") && mode == Mode.PATCH) {
            if (json.isNull("superseded_by")) {
                input.reinstated = true;
            } else {
                fields.error("superseded_by", "only null is accepted: it makes the fact current again");
            }
        }
        json.keySet().stream().filter(FIELD_NAMES::contains).forEach(input.present::add);
        return input;
    }

    private static final Set<String> FIELD_NAMES = new LinkedHashSet<>(List.of(
            "key",
            "title",
            "content",
            "category",
            "type",
            "importance",
            "persistent",
            "tags",
            "source",
            "ttl_seconds",
            "dedupe",
            "valid_from",
            "supersedes",
            "superseded_by"));

    /** What a fact body may hold: its input fields, and the read-only ones a client may send back as it got them. */
    private static final Set<String> KNOWN = java.util.stream.Stream.concat(READ_ONLY.stream(), FIELD_NAMES.stream())
            .collect(java.util.stream.Collectors.toUnmodifiableSet());

    public boolean has(String field) {
        return present.contains(field);
    }

    public String key() {
        return key;
    }

    public String title() {
        return title;
    }

    public String content() {
        return content;
    }

    public String category() {
        return category;
    }

    public FactType type() {
        return type;
    }

    public Double importance() {
        return importance;
    }

    public Boolean persistent() {
        return persistent;
    }

    public List<String> tags() {
        return tags;
    }

    public String source() {
        return source;
    }

    public Long ttlSeconds() {
        return ttlSeconds;
    }

    public boolean dedupe() {
        return dedupe;
    }

    /** When the fact (or its new version) became true in the world; null: the time of the write. */
    public Instant validFrom() {
        return validFrom;
    }

    /** Ids of current facts of the scope this one replaces. */
    public List<String> supersedes() {
        return supersedes;
    }

    public boolean reinstated() {
        return reinstated;
    }

    /** This input with its key set (by-key saves take the key from the path). */
    public FactInput withKey(String pathKey) {
        if (has("key") && key != null && !key.equals(pathKey)) {
            throw DomainException.invalid("key", "must match the key in the path");
        }
        String problem = FactKey.problemWith(pathKey);
        if (problem != null) {
            throw DomainException.invalid("key", problem);
        }
        key = pathKey;
        present.add("key");
        return this;
    }

    /** A key as sent: a space at either end is refused, not stripped, so the key is the one by-key calls use. */
    private static String key(JsonObject json, FieldReader fields, String name) {
        JsonValue value = json.get(name);
        if (value == JsonValue.NULL) {
            return null;
        }
        if (!(value instanceof JsonString string)) {
            fields.error(name, "must be a string");
            return null;
        }
        String problem = FactKey.problemWith(string.getString());
        if (problem != null) {
            fields.error(name, problem);
            return null;
        }
        return string.getString();
    }

    private static List<String> ids(JsonObject json, FieldReader fields, String name, int max) {
        JsonValue value = json.get(name);
        if (!(value instanceof JsonArray array)) {
            fields.error(name, "must be an array of fact ids");
            return List.of();
        }
        if (array.size() > max) {
            fields.error(name, "must hold at most " + max + " ids");
            return List.of();
        }
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            if (array.get(i) instanceof JsonString id
                    && !id.getString().isBlank()
                    && id.getString().length() <= 64) {
                ids.add(id.getString());
            } else {
                fields.error(name + "[" + i + "]", "must be a fact id");
            }
        }
        return List.copyOf(new LinkedHashSet<>(ids));
    }

    private static List<String> tags(JsonObject json, FieldReader fields, String name) {
        JsonValue value = json.get(name);
        if (value == JsonValue.NULL) {
            return List.of();
        }
        if (!(value instanceof JsonArray array)) {
            fields.error(name, "must be an array of strings");
            return null;
        }
        if (array.size() > MAX_TAGS) {
            fields.error(name, "must hold at most " + MAX_TAGS + " tags");
            return null;
        }
        Set<String> tags = new LinkedHashSet<>();
        for (int i = 0; i < array.size(); i++) {
            JsonValue element = array.get(i);
            String tag = element instanceof JsonString s ? FieldReader.stripSpaces(s.getString()) : null;
            if (tag == null
                    || tag.isEmpty()
                    || tag.codePointCount(0, tag.length()) > MAX_TAG
                    || tag.chars().anyMatch(Character::isISOControl)) {
                fields.error(name + "[" + i + "]", "must be a string of 1-" + MAX_TAG + " characters on one line");
            } else {
                tags.add(tag);
            }
        }
        return List.copyOf(tags);
    }

    /** Sets on the fact each field this input has (a field given as null clears it; ttl_seconds counts from now). */
    public void applyTo(Fact fact, Instant now) {
        if (has("content")) {
            fact.content(content());
        }
        if (has("key")) {
            fact.key(key());
        }
        if (has("title")) {
            fact.title(title());
        }
        if (has("category")) {
            fact.category(category());
        }
        if (has("type")) {
            fact.type(type());
        }
        if (has("importance")) {
            fact.importance(importance());
        }
        if (has("persistent")) {
            fact.persistent(persistent());
        }
        if (has("tags")) {
            fact.tags(tags());
        }
        if (has("source")) {
            fact.source(source());
        }
        if (has("ttl_seconds")) {
            fact.expiresAt(ttlSeconds() == null ? null : now.plusSeconds(ttlSeconds()));
        }
    }
}
