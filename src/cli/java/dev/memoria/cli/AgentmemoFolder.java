package dev.memoria.cli;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * agentmemo's YAMLStorage: .agentmemo/{agent_id}/knowledge.yaml, a map of fact id to content, type, importance,
 * retention_score, access_count, tags, created_at and last_accessed; and .agentmemo/{agent_id}/snapshots/{name}.yaml,
 * the same map frozen under a name. Each agent goes to the scope agent:{agent_id} unless a scope is given; type,
 * importance, access count, tags, both times and the agentmemo id (as a tag) are kept, and each snapshot becomes a
 * Memoria snapshot of that scope whose facts carry the same ids as the live ones. retention_score is not imported:
 * Memoria computes retention from importance, accesses and last access.
 */
final class AgentmemoFolder {

    private static final Set<String> TYPES = Set.of("semantic", "episodic", "procedural");
    private static final Pattern SNAPSHOT_NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final String ID_TAG = "agentmemo-id:";

    private AgentmemoFolder() {}

    /** {@code folder} is .agentmemo (one folder per agent) or one agent's folder. */
    static Migration read(Path folder, String scope, Runnable onFile) throws IOException {
        Migration migration = new Migration("agentmemo");
        MigratedFolder inside = new MigratedFolder(folder);
        Path root = inside.root();
        // each agent's folder, under the name the agent has: the folder's own as the user named it, when it is one
        Map<Path, String> agents = new LinkedHashMap<>();
        if (isAgent(root)) {
            agents.put(root, folder.getFileName().toString());
        } else {
            try (Stream<Path> children = Files.list(root)) {
                for (Path child : children.sorted().toList()) {
                    if (!inside.admits(migration, child, child.getFileName().toString())) {
                        continue;
                    }
                    if (isAgent(child)) {
                        agents.put(child, child.getFileName().toString());
                    } else {
                        migration.skip(
                                child.getFileName() + (Files.isDirectory(child) ? "/" : ""),
                                Files.isDirectory(child)
                                        ? "no knowledge.yaml or snapshots/: not an agent's folder"
                                        : "not part of agentmemo's YAML store (.agentmemo/{agent_id}/…)");
                    }
                }
            }
        }
        if (agents.isEmpty()) {
            migration.skip(
                    folder.toString(),
                    "no knowledge.yaml: not an agentmemo folder (.agentmemo or .agentmemo/{agent_id})");
        }
        for (Map.Entry<Path, String> agent : agents.entrySet()) {
            readAgent(migration, inside, agent.getKey(), agent.getValue(), scope, onFile);
        }
        return migration;
    }

    private static boolean isAgent(Path folder) {
        return Files.isRegularFile(folder.resolve("knowledge.yaml")) || Files.isDirectory(folder.resolve("snapshots"));
    }

    private static void readAgent(
            Migration migration, MigratedFolder inside, Path folder, String agent, String givenScope, Runnable onFile)
            throws IOException {
        String scope = givenScope != null ? givenScope : "agent:" + agent;
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(folder)) { // follows no link: a linked folder is an entry, refused below
            for (Path path : walk.filter(path -> !path.equals(folder)).sorted().toList()) {
                String relative = folder.relativize(path)
                        .toString()
                        .replace(path.getFileSystem().getSeparator(), "/");
                if (inside.admits(migration, path, agent + "/" + relative) && Files.isRegularFile(path)) {
                    files.add(path);
                }
            }
        }
        if (!Migration.isScope(scope)) {
            files.forEach(file -> migration.skip(
                    agent + "/" + folder.relativize(file),
                    "the agent id '" + agent + "' cannot be a scope segment; pass --scope"));
            return;
        }
        // ids as earlier versions made them when the facts go to the agent's own scope, so re-runs match
        Ids ids = givenScope == null
                ? factId -> migration.legacyId(agent, factId)
                : factId -> migration.id(scope, agent, factId);
        for (Path file : files) {
            String relative = folder.relativize(file)
                    .toString()
                    .replace(file.getFileSystem().getSeparator(), "/");
            String name = agent + "/" + relative;
            if (relative.equals("knowledge.yaml")) {
                Map<?, ?> entries = load(migration, file, name);
                if (entries != null) {
                    migration.read();
                    Instant written = Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS)
                            .toInstant();
                    for (JsonObjectBuilder fact : facts(migration, entries, name, written, ids)) {
                        migration.add(fact.add("kind", "fact").add("scope", scope));
                    }
                }
                onFile.run();
            } else if (relative.startsWith("snapshots/")
                    && relative.indexOf('/', "snapshots/".length()) < 0
                    && relative.endsWith(".yaml")) {
                readSnapshot(migration, file, name, scope, ids);
                onFile.run();
            } else {
                migration.skip(
                        name,
                        relative.endsWith(".tmp")
                                ? "an unfinished write agentmemo left behind; it never reads it"
                                : "not part of agentmemo's YAML store (knowledge.yaml, snapshots/*.yaml)");
            }
        }
    }

    /** How a fact's id in Memoria follows from its agentmemo id. */
    private interface Ids {
        String of(String factId);
    }

    /** snapshots/{name}.yaml: a Memoria snapshot of the scope, dated by the file (agentmemo keeps no time). */
    private static void readSnapshot(Migration migration, Path file, String name, String scope, Ids ids)
            throws IOException {
        String fileName = file.getFileName().toString();
        String snapshot = fileName.substring(0, fileName.length() - ".yaml".length());
        if (!SNAPSHOT_NAME.matcher(snapshot).matches()) {
            migration.skip(name, "the snapshot name '" + snapshot + "' is not 1-64 of letters, digits, '.', '_', '-'");
            return;
        }
        Map<?, ?> entries = load(migration, file, name);
        if (entries == null) {
            return;
        }
        migration.read();
        Instant written =
                Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS).toInstant();
        JsonArrayBuilder facts = Json.createArrayBuilder();
        for (JsonObjectBuilder fact : facts(migration, entries, name, written, ids)) {
            facts.add(fact);
        }
        migration.add(Json.createObjectBuilder()
                .add("kind", "snapshot")
                .add("scope", scope)
                .add("name", snapshot)
                .add("created_at", written.toString())
                .add("facts", facts));
    }

    /** The YAML map of a knowledge or snapshot file, or null (and a skipped entry) when it is not one. */
    private static Map<?, ?> load(Migration migration, Path file, String name) throws IOException {
        Object document;
        try {
            document = new Yaml(new SafeConstructor(new LoaderOptions())).load(Migration.utf8(file));
        } catch (CharacterCodingException notUtf8) {
            migration.skip(name, "not UTF-8 text");
            return null;
        } catch (YAMLException malformed) {
            migration.skip(
                    name,
                    "not YAML: " + malformed.getMessage().lines().findFirst().orElse(""));
            return null;
        }
        if (document != null && !(document instanceof Map<?, ?>)) {
            migration.skip(name, "not a map of fact ids to facts");
            return null;
        }
        return document == null ? Map.of() : (Map<?, ?>) document;
    }

    /** Fact lines without kind and scope: a fact line adds both, a snapshot's fact needs neither. */
    private static List<JsonObjectBuilder> facts(
            Migration migration, Map<?, ?> entries, String name, Instant written, Ids ids) {
        List<JsonObjectBuilder> facts = new ArrayList<>();
        entries.forEach((id, value) -> {
            String where = name + " entry " + id;
            if (!(value instanceof Map<?, ?> fact)) {
                migration.skip(where, "not a map of fields");
                return;
            }
            String content = fact.get("content") instanceof String s ? s : null;
            String problem = Migration.problemWith(content, null).orElse(null);
            if (problem != null) {
                migration.skip(where, problem);
                return;
            }
            Instant created = Migration.time(fact.get("created_at")).orElse(written);
            Instant lastAccessed = Migration.time(fact.get("last_accessed")).orElse(null);
            JsonObjectBuilder line = Json.createObjectBuilder()
                    .add("id", ids.of(String.valueOf(id)))
                    .add("content", content.strip())
                    .add("source", "migrate:agentmemo")
                    .add("created_at", created.toString())
                    .add(
                            "updated_at",
                            (lastAccessed != null && lastAccessed.isAfter(created) ? lastAccessed : created)
                                    .toString());
            String type = fact.get("type") instanceof String t ? t.strip().toLowerCase(Locale.ROOT) : "semantic";
            line.add("type", TYPES.contains(type) ? type : "semantic");
            if (fact.get("importance") instanceof Number importance) {
                line.add("importance", Math.max(0, Math.min(1, importance.doubleValue())));
            }
            if (fact.get("access_count") instanceof Number count && count.longValue() >= 0) {
                line.add("access_count", (int) Math.min(Integer.MAX_VALUE, count.longValue()));
            }
            if (lastAccessed != null) {
                line.add("last_accessed_at", lastAccessed.toString());
            }
            List<String> tags = new ArrayList<>();
            if (fact.get("tags") instanceof List<?> list) {
                list.stream()
                        .filter(String.class::isInstance)
                        .map(tag -> Migration.tag((String) tag))
                        .flatMap(java.util.Optional::stream)
                        .distinct()
                        .limit(30)
                        .forEach(tags::add);
            }
            if (!TYPES.contains(type) && !type.isEmpty()) {
                // agentmemo's own type name, kept where Memoria has no such type
                Migration.tag("type:" + type).ifPresent(tags::add);
            }
            Migration.tag(ID_TAG + id).ifPresent(tags::add);
            line.add("tags", Json.createArrayBuilder(tags));
            facts.add(line);
        });
        return facts;
    }
}
