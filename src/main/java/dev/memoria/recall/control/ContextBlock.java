package dev.memoria.recall.control;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    /** A persistent fact; {@code scope} is set when the block reads several scopes, which then head its groups. */
    public record LongTermFact(String scope, String category, String content) {
        public LongTermFact(String category, String content) {
            this(null, category, content);
        }
    }

    /** A recalled fact; {@code since} (when it became true) is shown when the block reads several scopes. */
    public record RelevantFact(String category, String content, Instant since) {
        public RelevantFact(String category, String content) {
            this(category, content, null);
        }
    }

    private static final DateTimeFormatter DAY =
            DateTimeFormatter.ofPattern("uuuu-MM-dd").withZone(ZoneOffset.UTC);

    public record RecentEntry(Instant at, String category, String content) {}

    private static final DateTimeFormatter MINUTE =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm").withZone(ZoneOffset.UTC);

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

    /**
     * The block, trimmed to {@code maxTokens} (null: no limit). The fewest lines that make it fit are found
     * by bisection, as the block only shrinks with each line dropped: rendering again after each dropped
     * line took minutes for a scope of 10,000 long-term facts.
     */
    public String render(Integer maxTokens) {
        String whole = render(0);
        if (maxTokens == null || estimateTokens(whole) <= maxTokens) {
            return whole;
        }
        int lines = recent.size() + relevant.size() + longTerm.size();
        int fits = lines; // render(lines) is empty: it always fits
        int tooMany = 0;
        while (fits - tooMany > 1) {
            int dropped = (fits + tooMany) >>> 1;
            if (estimateTokens(render(dropped)) <= maxTokens) {
                fits = dropped;
            } else {
                tooMany = dropped;
            }
        }
        return render(fits);
    }

    /**
     * The block without its {@code dropped} least valuable lines: the oldest recent entries first, then the
     * weakest relevant facts, then the newest long-term facts.
     */
    private String render(int dropped) {
        int recentDropped = Math.min(dropped, recent.size());
        int relevantDropped = Math.min(dropped - recentDropped, relevant.size());
        int longTermDropped = Math.min(dropped - recentDropped - relevantDropped, longTerm.size());
        return render(
                longTerm.subList(0, longTerm.size() - longTermDropped),
                relevant.subList(0, relevant.size() - relevantDropped),
                recent.subList(recentDropped, recent.size()));
    }

    private static String render(List<LongTermFact> longTerm, List<RelevantFact> relevant, List<RecentEntry> recent) {
        List<String> sections = new ArrayList<>();
        if (!longTerm.isEmpty()) {
            Map<String, List<LongTermFact>> byScope = new LinkedHashMap<>();
            longTerm.forEach(f ->
                    byScope.computeIfAbsent(f.scope(), s -> new ArrayList<>()).add(f));
            List<String> groups = new ArrayList<>();
            byScope.forEach(
                    (scope, facts) -> groups.add((scope == null ? "" : "# " + scope + "\n") + byCategory(facts)));
            sections.add("[Long-term Memory]\n" + String.join("\n\n", groups));
        }
        if (!relevant.isEmpty()) {
            StringBuilder section = new StringBuilder("[Relevant Memory]");
            relevant.forEach(f -> section.append("\n- ")
                    .append(f.since() == null ? "" : "[" + DAY.format(f.since()) + "] ")
                    .append("(")
                    .append(f.category())
                    .append(") ")
                    .append(oneLine(f.content())));
            sections.add(section.toString());
        }
        if (!recent.isEmpty()) {
            StringBuilder section = new StringBuilder("[Recent Memory]");
            recent.forEach(e -> section.append("\n- [")
                    .append(MINUTE.format(e.at()))
                    .append("] (")
                    .append(e.category())
                    .append(") ")
                    .append(oneLine(e.content())));
            sections.add(section.toString());
        }
        return String.join("\n\n", sections);
    }

    /** "## category" blocks in order of first appearance, each fact a line, a blank line between blocks. */
    private static String byCategory(List<LongTermFact> facts) {
        Map<String, List<String>> byCategory = new LinkedHashMap<>();
        facts.forEach(f ->
                byCategory.computeIfAbsent(f.category(), c -> new ArrayList<>()).add(f.content()));
        List<String> blocks = new ArrayList<>();
        byCategory.forEach((category, contents) -> {
            StringBuilder block = new StringBuilder("## ").append(category);
            contents.forEach(content -> block.append("\n- ").append(oneLine(content)));
            blocks.add(block.toString());
        });
        return String.join("\n\n", blocks);
    }

    /**
     * A fact is one line in a prompt block: each line break, with the white space around it, becomes one space.
     * A loop, not a pattern: the pattern backtracked quadratically over long runs of spaces.
     */
    public static String oneLine(String text) {
        if (text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
            return text;
        }
        StringBuilder line = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c != '\n' && c != '\r') {
                line.append(c);
                i++;
                continue;
            }
            int end = line.length();
            while (end > 0 && Character.isWhitespace(line.charAt(end - 1))) {
                end--;
            }
            line.setLength(end);
            while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            line.append(' ');
        }
        return line.toString();
    }
}
