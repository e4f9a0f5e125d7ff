package dev.memoria.cli;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * agentmemo's YAML store: .agentmemo/{agent_id}/knowledge.yaml, a map of fact id to content, type, importance,
 * access_count, created_at, last_accessed and tags. Each agent goes to the scope agent:{agent_id} unless a scope
 * is given; type, importance, access count, tags and both times are kept.
 */
final class AgentmemoFolder {

    private static final Set<String> TYPES = Set.of("semantic", "episodic", "procedural");

    private AgentmemoFolder() {}

    /** {@code folder} is .agentmemo (one folder per agent) or one agent's folder. */
    static Migration read(Path folder, String scope, Runnable onFile) throws IOException {
        Migration migration = new Migration("agentmemo");
        List<Path> files = new ArrayList<>();
        if (Files.isRegularFile(folder.resolve("knowledge.yaml"))) {
            files.add(folder.resolve("knowledge.yaml"));
        } else {
            try (Stream<Path> agents = Files.list(folder)) {
                agents.map(agent -> agent.resolve("knowledge.yaml"))
                        .filter(Files::isRegularFile)
                        .sorted()
                        .forEach(files::add);
            }
        }
        if (files.isEmpty()) {
            migration.skip(
                    folder.toString(),
                    "no knowledge.yaml: not an agentmemo folder (.agentmemo or .agentmemo/{agent_id})");
        }
        for (Path file : files) {
            readAgent(migration, file, scope);
            onFile.run();
        }
        return migration;
    }

    private static void readAgent(Migration migration, Path file, String givenScope) throws IOException {
        String agent = file.getParent().getFileName().toString();
        String name = agent + "/knowledge.yaml";
        String scope = givenScope != null ? givenScope : "agent:" + agent;
        if (!Migration.isScope(scope)) {
            migration.skip(name, "the agent id '" + agent + "' cannot be a scope segment; pass --scope");
            return;
        }
        Object document;
        try {
            document = new Yaml(new SafeConstructor(new LoaderOptions())).load(Migration.utf8(file));
        } catch (CharacterCodingException notUtf8) {
            migration.skip(name, "not UTF-8 text");
            return;
        } catch (YAMLException malformed) {
            migration.skip(
                    name,
                    "not YAML: " + malformed.getMessage().lines().findFirst().orElse(""));
            return;
        }
        if (document != null && !(document instanceof Map<?, ?>)) {
            migration.skip(name, "not a map of fact ids to facts");
            return;
        }
        migration.read();
        Instant written = Files.getLastModifiedTime(file).toInstant();
        Map<?, ?> entries = document == null ? Map.of() : (Map<?, ?>) document;
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
            var line = migration.fact(
                    migration.id(agent, String.valueOf(id)),
                    scope,
                    content.strip(),
                    created,
                    lastAccessed != null && lastAccessed.isAfter(created) ? lastAccessed : created);
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
                        .map(tag -> ((String) tag).strip())
                        .filter(tag -> !tag.isEmpty()
                                && tag.length() <= 64
                                && tag.chars().noneMatch(Character::isISOControl))
                        .distinct()
                        .limit(32)
                        .forEach(tags::add);
            }
            if (!TYPES.contains(type) && !type.isEmpty() && type.length() <= 59 && tags.size() < 32) {
                tags.add("type:" + type); // agentmemo's own type name, kept where Memoria has no such type
            }
            line.add("tags", jakarta.json.Json.createArrayBuilder(tags));
            migration.add(line);
        });
    }
}
