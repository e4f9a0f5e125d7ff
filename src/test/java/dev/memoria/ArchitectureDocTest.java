package dev.memoria;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** architecture.md stays true of the code: its component table, its dependency graph and a package-info each. */
class ArchitectureDocTest {

    private static final Path SOURCES = Path.of("src/main/java/dev/memoria");
    private static final Path DOC = Path.of("src/site/markdown/architecture.md");
    private static final Pattern TABLE_ROW = Pattern.compile("(?m)^\\| `([a-z]+)` \\|");
    private static final Pattern EDGE = Pattern.compile("(?m)^    ([a-z]+) --> ([a-z &]+)$");
    private static final Pattern USE = Pattern.compile("dev\\.memoria\\.([a-z]+)\\.[A-Za-z]");

    @Test
    void everyComponentHasARowAndAPackageInfo() throws IOException {
        Set<String> documented = new TreeSet<>();
        Matcher row = TABLE_ROW.matcher(Files.readString(DOC));
        while (row.find()) {
            documented.add(row.group(1));
        }
        Set<String> components = components();
        assertEquals(components, documented, "architecture.md's component table");
        for (String component : components) {
            assertTrue(
                    Files.exists(SOURCES.resolve(component).resolve("package-info.java")),
                    component + " says what it holds in a package-info.java");
        }
    }

    @Test
    void theGraphIsTheOneTheCodeHas() throws IOException {
        Map<String, Set<String>> drawn = new TreeMap<>();
        Matcher edge = EDGE.matcher(Files.readString(DOC));
        while (edge.find()) {
            for (String used : edge.group(2).split(" & ")) {
                drawn.computeIfAbsent(edge.group(1), c -> new TreeSet<>()).add(used.strip());
            }
        }
        Map<String, Set<String>> used = new TreeMap<>();
        for (String component : components()) {
            Set<String> uses = new TreeSet<>();
            try (Stream<Path> files = Files.walk(SOURCES.resolve(component))) {
                for (Path file :
                        files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    Matcher use = USE.matcher(Files.readString(file));
                    while (use.find()) {
                        uses.add(use.group(1));
                    }
                }
            }
            uses.remove(component);
            if (!component.equals("tenant")) {
                uses.remove("platform"); // every component uses platform: the graph leaves those edges out
            }
            if (!uses.isEmpty()) {
                used.put(component, uses);
            }
        }
        assertEquals(used, drawn, "the mermaid graph in architecture.md, 'X --> a & b' a line");
    }

    private static Set<String> components() throws IOException {
        try (Stream<Path> dirs = Files.list(SOURCES)) {
            return dirs.filter(Files::isDirectory)
                    .map(dir -> dir.getFileName().toString())
                    .collect(java.util.stream.Collectors.toCollection(TreeSet::new));
        }
    }
}
