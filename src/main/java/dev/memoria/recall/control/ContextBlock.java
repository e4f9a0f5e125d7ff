package dev.memoria.recall.control;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The prompt block an agent puts in its system prompt:
 * <pre>
 * [Long-term Memory]      persistent facts by category (categories in order of first appearance)
 * [Relevant Memory]       recall results for the query, best first
 * [Recent Memory]         the last log entries, oldest first
 * </pre>
 * Empty sections are left out. Under a token budget whole lines are dropped, least valuable first:
 * the oldest recent entries, then the weakest relevant facts, then the newest long-term facts.
 * Tokens are estimated as one per four characters of a line, rounded up, plus one for its line break.
 */
public final class ContextBlock {

    public record LongTermFact(String category, String content) {
    }

    public record RelevantFact(String category, String content) {
    }

    public record RecentEntry(Instant at, String category, String content) {
    }

    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm").withZone(ZoneOffset.UTC);

    private final List<LongTermFact> longTerm;
    private final List<RelevantFact> relevant;
    private final List<RecentEntry> recent;

    public ContextBlock(List<LongTermFact> longTerm, List<RelevantFact> relevant, List<RecentEntry> recent) {
        this.longTerm = new ArrayList<>(longTerm);
        this.relevant = new ArrayList<>(relevant);
        this.recent = new ArrayList<>(recent);
    }

    public static int estimateTokens(String text) {
        if (text.isEmpty()) {
            return 0;
        }
        int tokens = 0;
        for (String line : text.split("\n", -1)) {
            tokens += (line.length() + 3) / 4 + 1;
        }
        return tokens;
    }

    /** The block, trimmed to {@code maxTokens} (null: no limit). */
    public String render(Integer maxTokens) {
        String text = render();
        while (maxTokens != null && estimateTokens(text) > maxTokens && dropLeastValuableLine()) {
            text = render();
        }
        return maxTokens != null && estimateTokens(text) > maxTokens ? "" : text;
    }

    private boolean dropLeastValuableLine() {
        if (!recent.isEmpty()) {
            recent.remove(0);
        } else if (!relevant.isEmpty()) {
            relevant.remove(relevant.size() - 1);
        } else if (!longTerm.isEmpty()) {
            longTerm.remove(longTerm.size() - 1);
        } else {
            return false;
        }
        return true;
    }

    private String render() {
        List<String> sections = new ArrayList<>();
        if (!longTerm.isEmpty()) {
            Map<String, List<String>> byCategory = new LinkedHashMap<>();
            longTerm.forEach(f -> byCategory.computeIfAbsent(f.category(), c -> new ArrayList<>()).add(f.content()));
            List<String> blocks = new ArrayList<>();
            byCategory.forEach((category, contents) -> {
                StringBuilder block = new StringBuilder("## ").append(category);
                contents.forEach(content -> block.append("\n- ").append(oneLine(content)));
                blocks.add(block.toString());
            });
            sections.add("[Long-term Memory]\n" + String.join("\n\n", blocks));
        }
        if (!relevant.isEmpty()) {
            StringBuilder section = new StringBuilder("[Relevant Memory]");
            relevant.forEach(f -> section.append("\n- (").append(f.category()).append(") ").append(oneLine(f.content())));
            sections.add(section.toString());
        }
        if (!recent.isEmpty()) {
            StringBuilder section = new StringBuilder("[Recent Memory]");
            recent.forEach(e -> section.append("\n- [").append(MINUTE.format(e.at())).append("] (")
                    .append(e.category()).append(") ").append(oneLine(e.content())));
            sections.add(section.toString());
        }
        return String.join("\n\n", sections);
    }

    /** Compiled once: String.replaceAll compiled it for every fact a recall answered. */
    private static final Pattern LINE_BREAKS = Pattern.compile("\\s*[\\r\\n]+\\s*");

    /** A fact is one line in a prompt block; line breaks inside it become spaces. */
    public static String oneLine(String text) {
        return LINE_BREAKS.matcher(text).replaceAll(" ");
    }
}
