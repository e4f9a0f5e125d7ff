package dev.memoria.cli;

import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A selectools KnowledgeMemory folder: MEMORY.md (persistent facts under '## category' headings) and
 * logs/{yyyy-mm-dd}.jsonl (every remember, with its time). Each distinct content of a category becomes one fact,
 * persistent when MEMORY.md or any of its log entries says so, created at its first entry; each log line becomes
 * a log entry of that fact, at its own time.
 */
final class SelectoolsFolder {

    /** One fact being gathered from the log lines and MEMORY.md lines that name it. */
    private static final class Draft {
        final String category;
        final String content;
        Instant first;
        Instant last;
        boolean persistent;

        Draft(String category, String content, Instant at) {
            this.category = category;
            this.content = content;
            this.first = at;
            this.last = at;
        }
    }

    private SelectoolsFolder() {}

    static Migration read(Path folder, String scope, Runnable onFile) throws IOException {
        Migration migration = new Migration("selectools");
        Map<String, Draft> facts = new LinkedHashMap<>();
        Path logs = folder.resolve("logs");
        Path memory = folder.resolve("MEMORY.md");
        if (!Files.isDirectory(logs) && !Files.isRegularFile(memory)) {
            migration.skip(
                    folder.toString(), "no MEMORY.md and no logs/ folder: not a selectools KnowledgeMemory folder");
            return migration;
        }
        if (Files.isDirectory(logs)) {
            List<Path> days;
            try (Stream<Path> files = Files.list(logs)) {
                days = files.filter(f -> f.getFileName().toString().endsWith(".jsonl"))
                        .sorted()
                        .toList();
            }
            for (Path day : days) {
                readLog(migration, scope, facts, day, "logs/" + day.getFileName());
                onFile.run();
            }
        }
        if (Files.isRegularFile(memory)) {
            readMemoryFile(migration, facts, memory);
            onFile.run();
        }
        for (Draft draft : facts.values()) {
            migration.add(migration
                    .fact(factId(migration, scope, draft), scope, draft.content, draft.first, draft.last)
                    .add("category", draft.category)
                    .add("persistent", draft.persistent));
        }
        return migration;
    }

    private static void readLog(Migration migration, String scope, Map<String, Draft> facts, Path file, String name)
            throws IOException {
        List<String> lines;
        try {
            lines = List.of(Migration.utf8(file).split("\n", -1));
        } catch (CharacterCodingException notUtf8) {
            migration.skip(name, "not UTF-8 text");
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
            Draft draft = facts.computeIfAbsent(
                    category.strip() + "\n" + content.strip(), k -> new Draft(category.strip(), content.strip(), at));
            draft.first = at.isBefore(draft.first) ? at : draft.first;
            draft.last = at.isAfter(draft.last) ? at : draft.last;
            draft.persistent |= persistent;
            migration.add(jakarta.json.Json.createObjectBuilder()
                    .add("kind", "log")
                    .add("id", migration.id("log", scope, name, Integer.toString(i + 1)))
                    .add("scope", scope)
                    .add("timestamp", at.toString())
                    .add("category", category.strip())
                    .add("content", content.strip())
                    .add("persistent", persistent)
                    .add("fact_id", factId(migration, scope, draft)));
        }
    }

    /** '## category' headings and '- fact' lines; a fact not in the logs is dated by the file. */
    private static void readMemoryFile(Migration migration, Map<String, Draft> facts, Path file) throws IOException {
        List<String> lines;
        try {
            lines = List.of(Migration.utf8(file).split("\n", -1));
        } catch (CharacterCodingException notUtf8) {
            migration.skip("MEMORY.md", "not UTF-8 text");
            return;
        }
        migration.read();
        Instant written = Files.getLastModifiedTime(file).toInstant();
        String category = "general";
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.startsWith("## ")) {
                category = line.substring(3).strip();
            } else if (line.startsWith("- ")) {
                String content = line.substring(2).strip();
                String problem = Migration.problemWith(content, category).orElse(null);
                if (problem != null) {
                    migration.skip("MEMORY.md line " + (i + 1), problem);
                    continue;
                }
                String c = category;
                facts.computeIfAbsent(category + "\n" + content, k -> new Draft(c, content, written)).persistent = true;
            } else if (!line.isEmpty() && !line.startsWith("# ")) {
                migration.skip("MEMORY.md line " + (i + 1), "neither a '## category' heading nor a '- fact' line");
            }
        }
    }

    private static String factId(Migration migration, String scope, Draft draft) {
        return migration.id("fact", scope, draft.category, draft.content);
    }

    private static String string(JsonObject json, String name) {
        return json.get(name) instanceof JsonString s ? s.getString() : null;
    }
}
