package dev.memoria.cli;

import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * nodestep's FilesystemMemory: root_dir/memories/{scope segments}/{key}.json, one entry a file with key, title,
 * content, memory_type, scope and times. nodestep percent-encodes every scope segment and the key in these names
 * ({@code favourite%20editor.json}, {@code stack%2Fbackend.json}), so keys are any text: each entry is saved under its
 * real key (the entry's "key", else its decoded file name) in the scope it names (else its decoded folders), under
 * an optional prefix. The type label becomes the category, the title the title. Files nodestep would not read are
 * listed and skipped, as nodestep does.
 */
final class NodestepFolder {

    private NodestepFolder() {}

    /** {@code folder} is FilesystemMemory's root_dir (holding memories/), or the memories folder itself. */
    static Migration read(Path folder, String prefix, Runnable onFile) throws IOException {
        Migration migration = new Migration("nodestep");
        MigratedFolder inside = new MigratedFolder(folder);
        Path root = inside.root();
        Path named = root.resolve("memories");
        boolean admitted =
                !Files.exists(named, LinkOption.NOFOLLOW_LINKS) || inside.admits(migration, named, "memories");
        Path memories = !admitted
                ? null
                : Files.isDirectory(named)
                        ? named
                        : folder.getFileName() != null
                                        && folder.getFileName().toString().equals("memories")
                                ? root
                                : null;
        if (memories == null) {
            migration.skip(folder.toString(), "no memories/ folder: not a nodestep FilesystemMemory root");
            return migration;
        }
        if (!memories.equals(root)) {
            try (Stream<Path> top = Files.list(root)) {
                top.filter(path -> !path.equals(memories))
                        .sorted()
                        .forEach(path -> migration.skip(
                                path.getFileName() + (Files.isDirectory(path) ? "/" : ""),
                                inside.refusal(path).orElse("outside memories/: not nodestep memory")));
            }
        }
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(memories)) { // follows no link: a linked folder is an entry, refused here
            for (Path path :
                    walk.filter(path -> !path.equals(memories)).sorted().toList()) {
                if (inside.admits(migration, path, memories.relativize(path).toString()) && Files.isRegularFile(path)) {
                    files.add(path);
                }
            }
        }
        for (Path file : files) {
            String name = memories.relativize(file).toString();
            if (!file.getFileName().toString().endsWith(".json")) {
                migration.skip(
                        name,
                        name.endsWith(".tmp")
                                ? "an unfinished write; nodestep reads only *.json"
                                : "not a .json entry; nodestep reads only *.json");
                continue;
            }
            readEntry(migration, memories, file, name, prefix);
            onFile.run();
        }
        return migration;
    }

    private static void readEntry(Migration migration, Path memories, Path file, String name, String prefix)
            throws IOException {
        JsonObject entry;
        try {
            entry = ServerClient.parse(Migration.utf8(file));
        } catch (CharacterCodingException notUtf8) {
            migration.skip(name, "not UTF-8 text");
            return;
        } catch (JsonException | IllegalStateException notJson) {
            migration.skip(name, "not a JSON object");
            return;
        }
        List<String> segments = new ArrayList<>();
        memories.relativize(file.getParent())
                .forEach(segment -> segments.add(Migration.percentDecoded(segment.toString())));
        segments.removeIf(String::isEmpty);
        String scope = string(entry, "scope") != null
                ? string(entry, "scope")
                : segments.isEmpty() ? "global" : String.join(":", segments);
        scope = prefix == null ? scope : prefix + ":" + scope;
        String fileName = file.getFileName().toString();
        String key = string(entry, "key") != null
                ? string(entry, "key")
                : Migration.percentDecoded(fileName.substring(0, fileName.length() - ".json".length()));
        String category = string(entry, "memory_type") != null ? string(entry, "memory_type") : "fact";
        String content = string(entry, "content");
        String problem = !Migration.isScope(scope)
                ? "the scope '" + scope + "' is not a Memoria scope"
                : Migration.keyProblem(key)
                        .map(why -> why + ": '" + key + "'")
                        .orElse(Migration.problemWith(content, category).orElse(null));
        if (problem != null) {
            migration.skip(name, problem);
            return;
        }
        migration.read();
        Instant written =
                Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS).toInstant();
        Instant created = Migration.time(string(entry, "created_at")).orElse(written);
        Instant updated = Migration.time(string(entry, "updated_at")).orElse(created);
        var line = migration
                .fact(migration.legacyId(scope, key), scope, content.strip(), created, updated)
                .add("key", key)
                .add("category", category.strip());
        String title = string(entry, "title");
        if (title != null
                && !title.isBlank()
                && title.strip().length() <= 200
                && title.chars().noneMatch(Character::isISOControl)) {
            line.add("title", title.strip());
        }
        migration.add(line);
    }

    private static String string(JsonObject json, String name) {
        return json.get(name) instanceof JsonString s ? s.getString() : null;
    }
}
