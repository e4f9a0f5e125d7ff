package dev.memoria.cli;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A selectools KnowledgeMemory folder, in either of its layouts.
 *
 * <p>selectools 1.x (the released FileKnowledgeStore): {@code entries.jsonl} is the store, one entry a line (id,
 * content, category, importance, persistent, ttl_days, created_at, updated_at, metadata); {@code MEMORY.md} lists
 * the persistent ones as {@code - [category] content}; {@code YYYY-MM-DD.log} holds one {@code [YYYY-MM-DD HH:MM:SS]
 * [category] content} line per remember (UTC). Each entry becomes a fact with its own times, importance, TTL (as
 * expires_at), its selectools id and metadata as tags; each log line becomes a log entry of its fact.
 *
 * <p>The layout the early documentation describes: {@code MEMORY.md} with {@code ## category} headings and {@code -
 * content} lines, and {@code logs/YYYY-MM-DD.jsonl} (timestamp, category, content, persistent). Each distinct
 * content of a category becomes one fact, persistent when MEMORY.md or a log line says so, created at its first log
 * line.
 *
 * <p>Anything else in the folder is listed as skipped, with the reason.
 */
final class SelectoolsFolder {

    private static final Pattern DAY_LOG = Pattern.compile("\\d{4}-\\d{2}-\\d{2}\\.log");
    private static final Pattern LOG_LINE =
            Pattern.compile("\\[(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2})] \\[([^\\]]*)] ?(.*)", Pattern.DOTALL);
    private static final Pattern BRACKETED = Pattern.compile("\\[([^\\]]*)] (.*)", Pattern.DOTALL);
    private static final DateTimeFormatter LOG_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final String ID_TAG = "selectools-id:";

    /** A fact, from an entry of entries.jsonl or gathered from MEMORY.md and log lines. */
    private static final class Draft {
        final String id;
        final String category;
        final String content;
        final boolean fromStore;
        Instant first;
        Instant last;
        boolean persistent;

        Draft(String id, String category, String content, boolean fromStore, Instant at) {
            this.id = id;
            this.category = category;
            this.content = content;
            this.fromStore = fromStore;
            this.first = at;
            this.last = at;
        }

        void seen(Instant at) {
            first = at.isBefore(first) ? at : first;
            last = at.isAfter(last) ? at : last;
        }
    }

    /** One remember of a daily log, before it is known which fact it names. */
    private record LogEntry(String file, int line, Instant at, String category, String content) {}

    private final Migration migration = new Migration("selectools");
    private final String scope;
    /** Facts by category and content: what log and MEMORY.md lines name. */
    private final Map<String, Draft> facts = new LinkedHashMap<>();
    /** Entries of entries.jsonl skipped as expired, by category and content, with when they expired. */
    private final Map<String, Instant> expired = new HashMap<>();

    private SelectoolsFolder(String scope) {
        this.scope = scope;
    }

    static Migration read(Path folder, String scope, Runnable onFile) throws IOException {
        SelectoolsFolder reader = new SelectoolsFolder(scope);
        reader.readFolder(folder, new MigratedFolder(folder), onFile);
        return reader.migration;
    }

    /** {@code given} as the user named it; what is read is what {@code inside} admits under its real location. */
    private void readFolder(Path given, MigratedFolder inside, Runnable onFile) throws IOException {
        Path folder = inside.root();
        List<Path> top = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.sorted().toList()) {
                if (inside.admits(migration, file, file.getFileName().toString())) {
                    top.add(file); // no link among these: a check of one follows nothing
                }
            }
        }
        Path entries = folder.resolve("entries.jsonl");
        Path memory = folder.resolve("MEMORY.md");
        Path oldLogs = folder.resolve("logs");
        boolean hasEntries = top.contains(entries) && Files.isRegularFile(entries);
        boolean hasMemory = top.contains(memory) && Files.isRegularFile(memory);
        boolean hasOldLogs = top.contains(oldLogs) && Files.isDirectory(oldLogs);
        List<Path> dayLogs = top.stream()
                .filter(f -> Files.isRegularFile(f)
                        && DAY_LOG.matcher(f.getFileName().toString()).matches())
                .toList();
        if (!hasEntries && !hasMemory && !hasOldLogs && dayLogs.isEmpty()) {
            migration.skip(
                    given.toString(),
                    "no entries.jsonl, MEMORY.md, daily .log files or logs/ folder: not a selectools"
                            + " KnowledgeMemory folder");
            return;
        }
        for (Path file : top) {
            String name = file.getFileName().toString();
            if (!file.equals(entries) && !file.equals(memory) && !file.equals(oldLogs) && !dayLogs.contains(file)) {
                migration.skip(name + (Files.isDirectory(file) ? "/" : ""), whyNotRead(file));
            }
        }
        if (hasEntries) {
            readEntries(entries);
            onFile.run();
        }
        if (hasOldLogs) {
            List<Path> days;
            try (Stream<Path> files = Files.list(oldLogs)) {
                days = files.sorted().toList();
            }
            for (Path day : days) {
                String name = "logs/" + day.getFileName();
                if (!inside.admits(migration, day, name)) {
                    continue;
                }
                if (Files.isRegularFile(day) && day.getFileName().toString().endsWith(".jsonl")) {
                    readOldLog(day, name);
                    onFile.run();
                } else {
                    migration.skip(name, whyNotRead(day));
                }
            }
        }
        List<LogEntry> logged = new ArrayList<>();
        for (Path day : dayLogs) {
            readDayLog(day, logged);
            onFile.run();
        }
        if (hasMemory) {
            readMemoryFile(memory, logged);
            onFile.run();
        }
        for (Draft draft : facts.values()) {
            if (!draft.fromStore) {
                migration.add(migration
                        .fact(draft.id, scope, draft.content, draft.first, draft.last)
                        .add("category", draft.category)
                        .add("persistent", draft.persistent));
            }
        }
        for (LogEntry entry : logged) {
            Draft fact = facts.get(entry.category() + "\n" + entry.content());
            var line = Json.createObjectBuilder()
                    .add("kind", "log")
                    .add("id", migration.id(scope, "log", entry.file(), Integer.toString(entry.line())))
                    .add("scope", scope)
                    .add("timestamp", entry.at().toString())
                    .add("category", entry.category())
                    .add("content", entry.content())
                    .add("persistent", fact != null && fact.persistent);
            if (fact != null) {
                line.add("fact_id", fact.id); // else the entry was evicted or deleted from the store: the log keeps it
            }
            migration.add(line);
        }
    }

    private static String whyNotRead(Path file) {
        String name = file.getFileName().toString();
        if (name.endsWith(".tmp")) {
            return "an unfinished write selectools left behind; selectools itself never reads it";
        }
        if (name.endsWith(".db") || name.endsWith(".db-wal") || name.endsWith(".db-shm")) {
            return "a SQLite database (SQLiteKnowledgeStore) is not read; only the file store (entries.jsonl) is";
        }
        if (Files.isDirectory(file)) {
            return "a folder selectools' KnowledgeMemory does not write";
        }
        return "not a file of selectools' KnowledgeMemory (entries.jsonl, MEMORY.md, YYYY-MM-DD.log, logs/*.jsonl)";
    }

    /** entries.jsonl: the store; every field of an entry is kept. */
    private void readEntries(Path file) throws IOException {
        List<String> lines = lines(file, "entries.jsonl");
        if (lines == null) {
            return;
        }
        migration.read();
        Set<String> ids = new HashSet<>();
        Instant now = Instant.now();
        for (int i = 0; i < lines.size(); i++) {
            String text = lines.get(i).strip();
            if (text.isEmpty()) {
                continue;
            }
            String where = "entries.jsonl line " + (i + 1);
            JsonObject entry;
            try {
                entry = ServerClient.parse(text);
            } catch (JsonException | IllegalStateException notJson) {
                migration.skip(where, "not a JSON object");
                continue;
            }
            String id = string(entry, "id");
            String content = string(entry, "content");
            String category = entry.containsKey("category") ? string(entry, "category") : "general";
            Instant created = Migration.time(string(entry, "created_at")).orElse(null);
            Instant updated = Migration.time(string(entry, "updated_at")).orElse(null);
            String problem = id == null || id.isBlank()
                    ? "no id"
                    : created == null || updated == null
                            ? "no ISO created_at and updated_at (selectools skips such a line too)"
                            : !ids.add(id)
                                    ? "a second entry with id " + id
                                    : Migration.problemWith(content, category).orElse(null);
            if (problem != null) {
                migration.skip(where, problem);
                continue;
            }
            Instant expires = null;
            if (entry.get("ttl_days") instanceof JsonNumber days) {
                expires = created.plus(Duration.ofSeconds(Math.round(days.doubleValue() * 86400)));
                if (!expires.isAfter(now)) {
                    migration.skip(
                            where,
                            "expired at " + expires + " (ttl_days " + days
                                    + "); selectools no longer returns it either");
                    expired.put(category.strip() + "\n" + content.strip(), expires);
                    continue;
                }
            }
            String memoriaId = migration.id(scope, "entry", id);
            boolean persistent = entry.get("persistent") == JsonValue.TRUE;
            var line = migration
                    .fact(memoriaId, scope, content.strip(), created, updated.isBefore(created) ? created : updated)
                    .add("category", category.strip())
                    .add("persistent", persistent)
                    .add("tags", tags(entry, id, where));
            if (entry.get("importance") instanceof JsonNumber importance) {
                line.add("importance", Math.max(0, Math.min(1, importance.doubleValue())));
            }
            if (expires != null) {
                line.add("expires_at", expires.toString());
            }
            migration.add(line);
            Draft fact = new Draft(memoriaId, category.strip(), content.strip(), true, created);
            fact.persistent = persistent;
            facts.putIfAbsent(fact.category + "\n" + fact.content, fact);
        }
    }

    /** The entry's selectools id, then its metadata as "name=value" tags; what does not fit is listed. */
    private JsonArrayBuilder tags(JsonObject entry, String id, String where) {
        List<String> tags = new ArrayList<>();
        Migration.tag(ID_TAG + id).ifPresentOrElse(tags::add, () -> migration.skip(where + " id", "longer than a tag"));
        if (entry.get("metadata") instanceof JsonObject metadata) {
            metadata.forEach((name, value) -> {
                List<JsonValue> values = value instanceof JsonArray array ? array : List.of(value);
                for (JsonValue one : values) {
                    String text = scalar(one);
                    var tag = text == null ? java.util.Optional.<String>empty() : Migration.tag(name + "=" + text);
                    if (tag.isEmpty() || tags.size() >= 32) {
                        migration.skip(
                                where + " metadata." + name,
                                tags.size() >= 32
                                        ? "a fact holds at most 32 tags"
                                        : "not kept: a tag holds one line of at most 64 characters, not this value");
                    } else if (!tags.contains(tag.get())) {
                        tags.add(tag.get());
                    }
                }
            });
        }
        return Json.createArrayBuilder(tags);
    }

    private static String scalar(JsonValue value) {
        if (value instanceof JsonString s) {
            return s.getString();
        }
        if (value instanceof JsonNumber || value == JsonValue.TRUE || value == JsonValue.FALSE) {
            return value.toString();
        }
        return value.toString(); // null, or an object as compact JSON, kept when it fits in a tag
    }

    /** YYYY-MM-DD.log: "[YYYY-MM-DD HH:MM:SS] [category] content"; a line without the prefix continues content. */
    private void readDayLog(Path file, List<LogEntry> logged) throws IOException {
        String name = file.getFileName().toString();
        List<String> lines = lines(file, name);
        if (lines == null) {
            return;
        }
        migration.read();
        LogEntry open = null;
        for (int i = 0; i < lines.size(); i++) {
            String text = lines.get(i);
            Matcher m = LOG_LINE.matcher(text);
            if (m.matches()) {
                if (open != null) {
                    add(open, logged);
                }
                Instant at = LocalDateTime.parse(m.group(1), LOG_TIME).toInstant(ZoneOffset.UTC);
                open = new LogEntry(name, i + 1, at, m.group(2).strip(), m.group(3));
            } else if (open != null && i < lines.size() - 1) {
                open = new LogEntry(open.file(), open.line(), open.at(), open.category(), open.content() + "\n" + text);
            } else if (!text.isBlank()) {
                migration.skip(name + " line " + (i + 1), "not a '[YYYY-MM-DD HH:MM:SS] [category] content' line");
            }
        }
        if (open != null) {
            add(open, logged);
        }
    }

    private void add(LogEntry entry, List<LogEntry> logged) {
        String content = entry.content().strip();
        String problem = Migration.problemWith(content, entry.category()).orElse(null);
        if (problem != null) {
            migration.skip(entry.file() + " line " + entry.line(), problem);
            return;
        }
        logged.add(new LogEntry(entry.file(), entry.line(), entry.at(), entry.category(), content));
    }

    /** logs/YYYY-MM-DD.jsonl of the early layout: each distinct content of a category is one fact. */
    private void readOldLog(Path file, String name) throws IOException {
        List<String> lines = lines(file, name);
        if (lines == null) {
            return;
        }
        migration.read();
        for (int i = 0; i < lines.size(); i++) {
            String text = lines.get(i).strip();
            if (text.isEmpty()) {
                continue;
            }
            String where = name + " line " + (i + 1);
            JsonObject entry;
            try {
                entry = ServerClient.parse(text);
            } catch (JsonException | IllegalStateException notJson) {
                migration.skip(where, "not a JSON object");
                continue;
            }
            String content = string(entry, "content");
            String category = entry.containsKey("category") ? string(entry, "category") : "general";
            Instant at = Migration.time(string(entry, "timestamp")).orElse(null);
            String problem = at == null
                    ? "no RFC 3339 timestamp"
                    : Migration.problemWith(content, category).orElse(null);
            if (problem != null) {
                migration.skip(where, problem);
                continue;
            }
            boolean persistent = entry.get("persistent") == JsonValue.TRUE;
            Draft draft = draft(category.strip(), content.strip(), at);
            draft.seen(at);
            draft.persistent |= persistent;
            migration.add(Json.createObjectBuilder()
                    .add("kind", "log")
                    .add("id", migration.legacyId("log", scope, name, Integer.toString(i + 1)))
                    .add("scope", scope)
                    .add("timestamp", at.toString())
                    .add("category", draft.category)
                    .add("content", draft.content)
                    .add("persistent", persistent)
                    .add("fact_id", draft.id));
        }
    }

    /**
     * MEMORY.md: "- [category] content" lines (selectools 1.x), or "## category" headings over "- content" lines
     * (the early layout). A line names a persistent fact; one not in entries.jsonl is imported on its own, dated by
     * its first daily-log line, else by the file.
     */
    private void readMemoryFile(Path file, List<LogEntry> logged) throws IOException {
        List<String> lines = lines(file, "MEMORY.md");
        if (lines == null) {
            return;
        }
        migration.read();
        Instant written =
                Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS).toInstant();
        boolean headings = lines.stream().anyMatch(line -> line.strip().startsWith("## "));
        String category = "general";
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (headings && line.startsWith("## ")) {
                category = line.substring(3).strip();
            } else if (line.startsWith("- ")) {
                String content = line.substring(2).strip();
                String factCategory = category;
                Matcher bracketed = BRACKETED.matcher(content);
                if (!headings && bracketed.matches()) {
                    factCategory = bracketed.group(1).strip();
                    content = bracketed.group(2).strip();
                }
                String problem = Migration.problemWith(content, factCategory).orElse(null);
                if (problem != null) {
                    migration.skip("MEMORY.md line " + (i + 1), problem);
                    continue;
                }
                String key = factCategory + "\n" + content;
                if (expired.containsKey(key)) {
                    // MEMORY.md is rewritten from the store only on selectools' next write: the line outlived its entry
                    migration.skip(
                            "MEMORY.md line " + (i + 1),
                            "its entry in entries.jsonl expired at " + expired.get(key)
                                    + "; selectools drops the line at its next write");
                    continue;
                }
                if (facts.containsKey(key)) {
                    if (!facts.get(key).fromStore) {
                        facts.get(key).persistent = true;
                    }
                    continue;
                }
                Instant at = logged.stream()
                        .filter(e -> (e.category() + "\n" + e.content()).equals(key))
                        .map(LogEntry::at)
                        .min(Instant::compareTo)
                        .orElse(written);
                draft(factCategory, content, at).persistent = true;
            } else if (!line.isEmpty() && !line.startsWith("# ")) {
                migration.skip(
                        "MEMORY.md line " + (i + 1),
                        "neither a '- [category] fact' line nor a '## category' heading or '- fact' line");
            }
        }
    }

    private Draft draft(String category, String content, Instant at) {
        return facts.computeIfAbsent(
                category + "\n" + content,
                k -> new Draft(migration.legacyId("fact", scope, category, content), category, content, false, at));
    }

    private List<String> lines(Path file, String name) throws IOException {
        try {
            return List.of(Migration.utf8(file).split("\r?\n", -1));
        } catch (CharacterCodingException notUtf8) {
            migration.skip(name, "not UTF-8 text");
            return null;
        }
    }

    private static String string(JsonObject json, String name) {
        return json.get(name) instanceof JsonString s ? s.getString() : null;
    }
}
