package dev.memoria.memorymd.control;

import dev.memoria.platform.entity.DomainException;
import dev.memoria.platform.entity.StorableText;
import dev.memoria.recall.control.ContextBlock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The MEMORY.md format: "# Agent Memory", then per category "## category" and "- content" lines, a
 * blank line between blocks. Rendering and parsing are inverse: export, import, export gives the same text.
 */
public final class MemoryMarkdown {

    public static final String TITLE = "# Agent Memory";

    public record Entry(String category, String content) {}

    /** A line the importer could not read, reported back instead of being lost silently. */
    public record UnreadLine(int line, String text, String reason) {}

    public record Parsed(List<Entry> entries, List<UnreadLine> unread) {}

    private MemoryMarkdown() {}

    public static String render(List<Entry> entries) {
        Map<String, List<String>> byCategory = new LinkedHashMap<>();
        entries.forEach(e ->
                byCategory.computeIfAbsent(e.category(), c -> new ArrayList<>()).add(e.content()));
        StringBuilder text = new StringBuilder(TITLE).append('\n');
        byCategory.forEach((category, contents) -> {
            text.append("\n## ").append(category).append('\n');
            contents.forEach(content ->
                    text.append("- ").append(ContextBlock.oneLine(content)).append('\n'));
        });
        return text.toString();
    }

    public static Parsed parse(String markdown, String defaultCategory) {
        List<Entry> entries = new ArrayList<>();
        List<UnreadLine> unread = new ArrayList<>();
        String category = defaultCategory;
        String[] lines = markdown.replace("\r\n", "\n").replace('\r', '\n').split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (!StorableText.isStorable(lines[i])) {
                throw DomainException.invalid("line " + (i + 1), StorableText.PROBLEM);
            }
        }
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || (line.startsWith("# ") && category.equals(defaultCategory) && entries.isEmpty())) {
                continue;
            }
            if (line.startsWith("## ")) {
                category = line.substring(3).strip();
                if (category.isEmpty() || category.length() > 64) {
                    unread.add(new UnreadLine(i + 1, lines[i], "a category must be 1-64 characters"));
                    category = defaultCategory;
                }
            } else if (line.startsWith("- ") || line.startsWith("* ")) {
                String content = line.substring(2).strip();
                if (content.isEmpty()) {
                    unread.add(new UnreadLine(i + 1, lines[i], "empty fact"));
                } else if (content.length() > 8000) {
                    unread.add(new UnreadLine(
                            i + 1, lines[i].substring(0, 80) + "…", "a fact must be at most 8000 characters"));
                } else {
                    entries.add(new Entry(category, content));
                }
            } else {
                unread.add(new UnreadLine(i + 1, lines[i], "not a '## category' heading or a '- fact' line"));
            }
        }
        return new Parsed(entries, unread);
    }
}
