package dev.memoria.cli;

import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/**
 * nodestep's FilesystemMemory: root_dir/memories/{scope segments}/*.json, one entry a file with key, title,
 * content, memory_type, scope and times. The folders give the scope (memories/user/42 is user:42), under an
 * optional prefix; the type label becomes the category. Files it cannot read are listed and skipped, as
 * nodestep does.
 */
final class NodestepFolder {

    private NodestepFolder() {}

    /** {@code root} is FilesystemMemory's root_dir (holding memories/), or the memories folder itself. */
    static Migration read(Path root, String prefix, Runnable onFile) throws IOException {
        Migration migration = new Migration("nodestep");
        Path memories = Files.isDirectory(root.resolve("memories"))
                ? root.resolve("memories")
                : root.getFileName() != null && root.getFileName().toString().equals("memories") ? root : null;
        if (memories == null) {
            migration.skip(root.toString(), "no memories/ folder: not a nodestep FilesystemMemory root");
            return migration;
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(memories)) {
            files = walk.filter(Files::isRegularFile)
                    .filter(f -> f.getFileName().toString().endsWith(".json"))
                    .sorted()
                    .toList();
        }
        for (Path file : files) {
            readEntry(migration, memories, file, prefix);
            onFile.run();
        }
        return migration;
    }

    private static void readEntry(Migration migration, Path memories, Path file, String prefix) throws IOException {
        String name = memories.relativize(file).toString();
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
        String folderScope = memories.relativize(file.getParent())
                .toString()
                .replace(file.getFileSystem().getSeparator(), ":");
        String scope = string(entry, "scope") != null
                ? string(entry, "scope")
                : folderScope.isEmpty() ? "global" : folderScope;
        scope = prefix == null ? scope : prefix + ":" + scope;
        String fileName = file.getFileName().toString();
        String key = string(entry, "key") != null
                ? string(entry, "key")
                : fileName.substring(0, fileName.length() - ".json".length());
        String category = string(entry, "memory_type") != null ? string(entry, "memory_type") : "fact";
        String content = string(entry, "content");
        String problem = !Migration.isScope(scope)
                ? "the scope '" + scope + "' is not a Memoria scope"
                : !Migration.KEY.matcher(key).matches()
                        ? "the key '" + key + "' is not a Memoria key (1-128 of [A-Za-z0-9._:@-])"
                        : Migration.problemWith(content, category).orElse(null);
        if (problem != null) {
            migration.skip(name, problem);
            return;
        }
        migration.read();
        Instant written = Files.getLastModifiedTime(file).toInstant();
        Instant created = Migration.time(string(entry, "created_at")).orElse(written);
        Instant updated = Migration.time(string(entry, "updated_at")).orElse(created);
        var line = migration
                .fact(migration.id(scope, key), scope, content.strip(), created, updated)
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
