package dev.memoria.learn.control;

import dev.memoria.fact.entity.FactType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The built-in, offline extractor: reads the user's turns clause by clause and keeps what matches a known
 * shape of durable fact (explicit "remember that", preferences and dislikes, work and role, tools and
 * platforms, name, home, time zone, answer style). Everything else, greetings and thanks included, is skipped.
 * Deterministic: the same conversation always gives the same facts.
 */
public final class RuleExtractor {

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?;])\\s+|\\n+");
    /** "I like tea and my time zone is CET" holds two facts; "salt and pepper" stays one. */
    private static final Pattern CLAUSE_JOIN =
            Pattern.compile(",?\\s+(?:and|but|also)\\s+(?=(?:i|i'm|my|we|we're|our)\\b)", FLAGS);

    private static final Pattern LEAD_IN = Pattern.compile(
            "^(?:(?:oh|ah|well|so|also|and|but|actually|btw|by the way|fyi|just so you know|for the record|ok|okay|hey|hi)\\b[,:]?\\s*)+",
            FLAGS);
    /** Words that end a clause without telling anything ("…, thanks!"), longest first. */
    private static final List<String> TAIL_WORDS = List.of("thank you", "as well", "please", "thanks", "too");

    private static final String TIME_ZONE =
            "(?-iu:((?:UTC|GMT)\\s?[+-]\\s?\\d{1,2}(?::\\d{2})?|[A-Z]{2,5}T|UTC|GMT|[A-Z][A-Za-z]+/[A-Z][A-Za-z_]+(?:/[A-Z][A-Za-z_]+)?))";
    /** Names are told apart by their capitals, so this part ignores the case-insensitive flag. */
    private static final String NAME = "(?-iu:(\\p{Lu}[\\p{L}'-]*(?:\\s+\\p{Lu}[\\p{L}'-]*){0,2}))";

    private static final String JOBS = "developer|engineer|manager|designer|scientist|student|teacher|professor|doctor|"
            + "nurse|consultant|founder|co-founder|ceo|cto|cfo|architect|analyst|administrator|admin|lead|lawyer|writer|"
            + "researcher|programmer|product owner|marketer|accountant|freelancer|contractor|intern|director|sre|devops";

    private record Rule(
            Pattern pattern,
            FactType type,
            double importance,
            String category,
            Function<Matcher, String> fact,
            Function<Matcher, String> replacedValue) {}

    private static final String STOPPED = "use|prefer|like|drink|eat|play|drive|own|have";

    private static final String CHANGE_LEAD =
            "^(?:i|we)(?:'ve| have)?\\s+(?:just\\s+|finally\\s+|recently\\s+|now\\s+)?";

    private static final List<Rule> RULES = List.of(
            // change statements first: "switched from X to Y" names the value it replaces
            new Rule(
                    Pattern.compile(
                            CHANGE_LEAD
                                    + "(switched|moved|migrated|changed|went)\\s+(?:over\\s+|everything\\s+)?from\\s+"
                                    + "(.{2,60}?)\\s+to\\s+(.{2,})",
                            FLAGS),
                    FactType.SEMANTIC,
                    0.8,
                    "profile",
                    m -> "User " + m.group(1).toLowerCase(Locale.ROOT) + " from " + m.group(2) + " to " + m.group(3),
                    m -> m.group(2)),
            rule(
                    CHANGE_LEAD + "(?:switched|migrated|moved over|changed over)\\s+to\\s+(.{2,})",
                    FactType.SEMANTIC,
                    0.8,
                    "profile",
                    m -> "User switched to " + m.group(1)),
            new Rule(
                    Pattern.compile(
                            "^i\\s+(?:no longer\\s+(" + STOPPED + ")\\s+(.{2,60}?)|(?:don't|do not)\\s+(" + STOPPED
                                    + ")\\s+(.{2,60}?)\\s+any\\s?more)$",
                            FLAGS),
                    FactType.SEMANTIC,
                    0.8,
                    "profile",
                    m -> "User no longer " + verb(m.group(1) != null ? m.group(1) : m.group(3)) + " "
                            + (m.group(2) != null ? m.group(2) : m.group(4)),
                    m -> m.group(2) != null ? m.group(2) : m.group(4)),
            rule(
                    "^(?:please\\s+)?(?:(?:remember|keep in mind|don't forget|do not forget|never forget)(?:\\s+that)?[,:]?|note(?:\\s+that|:))\\s+(.{3,})",
                    FactType.SEMANTIC,
                    0.9,
                    "notes",
                    m -> thirdPerson(m.group(1))),
            rule(
                    "^(?:my\\s+)?(?:time\\s*zone|timezone|tz)\\s+is\\s+" + TIME_ZONE + "\\b.*",
                    FactType.SEMANTIC,
                    0.8,
                    "profile",
                    m -> "User's time zone is " + m.group(1)),
            rule(
                    "^i(?:'m| am)\\s+(?:in|on)\\s+" + TIME_ZONE + "(?:\\s+time(?:\\s*zone)?)?$",
                    FactType.SEMANTIC,
                    0.8,
                    "profile",
                    m -> "User's time zone is " + m.group(1)),
            rule(
                    "^(?:my name is|call me|i'm called|i am called|you can call me)\\s+" + NAME + "$",
                    FactType.SEMANTIC,
                    0.9,
                    "profile",
                    m -> "User's name is " + m.group(1)),
            rule(
                    "^i(?:'m| am)\\s+(?-iu:(\\p{Lu}[\\p{L}'-]+))$",
                    FactType.SEMANTIC,
                    0.9,
                    "profile",
                    m -> "User's name is " + m.group(1)),
            rule(
                    "^i\\s+(?:currently\\s+|now\\s+)?(?:work|am working|'m working)\\s+(at|for|in|on|as)\\s+(.{2,})",
                    FactType.SEMANTIC,
                    0.9,
                    "profile",
                    m -> "User works " + m.group(1).toLowerCase(Locale.ROOT) + " " + m.group(2)),
            rule(
                    "^i(?:'m| am)\\s+(an?\\s+(?:[\\p{L}-]+\\s+){0,3}(?:" + JOBS + ")\\b.*)",
                    FactType.SEMANTIC,
                    0.9,
                    "profile",
                    m -> "User is " + m.group(1)),
            rule(
                    "^i\\s+(?:live|am based|'m based|am located|'m located)\\s+in\\s+(.{2,})",
                    FactType.SEMANTIC,
                    0.7,
                    "profile",
                    m -> "User lives in " + m.group(1)),
            rule(
                    "^i(?:'m| am)\\s+(?:based|located)\\s+in\\s+(.{2,})",
                    FactType.SEMANTIC,
                    0.7,
                    "profile",
                    m -> "User lives in " + m.group(1)),
            rule(
                    "^i\\s+(?:really\\s+|strongly\\s+|much\\s+|totally\\s+|absolutely\\s+)?(?:hate|dislike|despise|can't stand|cannot stand|don't like|do not like|don't enjoy)\\s+(.{2,})",
                    FactType.PROCEDURAL,
                    0.8,
                    "preferences",
                    m -> "User dislikes " + m.group(1)),
            rule(
                    "^i\\s+(?:really\\s+|strongly\\s+|much\\s+|usually\\s+|always\\s+|definitely\\s+)?(prefer|like|love|enjoy)\\s+(.{2,})",
                    FactType.PROCEDURAL,
                    0.8,
                    "preferences",
                    m -> "User " + verb(m.group(1)) + " " + m.group(2)),
            rule(
                    "^my\\s+(?:favou?rite|preferred)\\s+(.{2,})",
                    FactType.PROCEDURAL,
                    0.8,
                    "preferences",
                    m -> "User's favorite " + m.group(1)),
            rule(
                    "^(?:i|we)\\s+(?:mostly\\s+|usually\\s+|always\\s+|now\\s+|mainly\\s+|primarily\\s+)?(deploy|host|run|use|code|write|build|ship|develop)\\s+(.{2,})",
                    FactType.SEMANTIC,
                    0.7,
                    "technical",
                    m -> "User " + verb(m.group(1)) + " " + m.group(2)),
            rule(
                    "^(?:our|my)\\s+(stack|backend|frontend|database|infrastructure|infra|cloud|team)\\s+(is|uses|runs)\\s+(.{2,})",
                    FactType.SEMANTIC,
                    0.7,
                    "technical",
                    m -> "User's " + m.group(1).toLowerCase(Locale.ROOT) + " " + m.group(2) + " " + m.group(3)),
            rule(
                    "(?:^|\\b)(?:make it|keep it|keep (?:the )?answers|be)\\s+(?:shorter|short|brief|concise|to the point)\\b.*",
                    FactType.PROCEDURAL,
                    0.7,
                    "preferences",
                    m -> "User prefers concise responses"));

    private RuleExtractor() {}

    public static Extraction extract(List<Turn> turns) {
        Map<String, ExtractedFact> facts = new LinkedHashMap<>();
        for (int i = 0; i < turns.size(); i++) {
            if (!turns.get(i).isUser()) {
                continue; // only what the user said is evidence about the user
            }
            for (String clause : clauses(turns.get(i).content())) {
                ExtractedFact fact = match(clause, i);
                if (fact != null) {
                    facts.putIfAbsent(fact.content().toLowerCase(Locale.ROOT), fact);
                }
            }
        }
        return new Extraction(new ArrayList<>(facts.values()));
    }

    static List<String> clauses(String text) {
        List<String> clauses = new ArrayList<>();
        for (String sentence : SENTENCE_END.split(text.strip())) {
            if (sentence.strip().endsWith("?")) {
                continue; // a question asks, it does not tell
            }
            for (String clause : CLAUSE_JOIN.split(sentence)) {
                String cleaned = withoutTail(LEAD_IN.matcher(clause.strip()).replaceFirst(""))
                        .strip();
                if (!cleaned.isEmpty()) {
                    clauses.add(cleaned);
                }
            }
        }
        return clauses;
    }

    /**
     * The clause without its closing punctuation and a trailing "please", "too", "as well" or "thanks". A loop,
     * not a pattern: the pattern backtracked cubically over a long run of spaces, and a turn of 4,000 spaces
     * held a core for two minutes.
     */
    static String withoutTail(String clause) {
        String text = stripEnd(clause, ".!,;:");
        String lower = text.toLowerCase(Locale.ROOT);
        for (String word : TAIL_WORDS) {
            int start = lower.length() - word.length();
            if (lower.endsWith(word)
                    && (start == 0
                            || Character.isWhitespace(lower.charAt(start - 1))
                            || lower.charAt(start - 1) == ',')) {
                text = text.substring(0, start);
                break;
            }
        }
        return stripEnd(text, ",");
    }

    /** Without trailing white space and any of {@code punctuation}. */
    private static String stripEnd(String text, String punctuation) {
        int end = text.length();
        while (end > 0
                && (Character.isWhitespace(text.charAt(end - 1)) || punctuation.indexOf(text.charAt(end - 1)) >= 0)) {
            end--;
        }
        return text.substring(0, end);
    }

    private static ExtractedFact match(String clause, int turn) {
        for (Rule rule : RULES) {
            Matcher matcher = rule.pattern().matcher(clause);
            if (matcher.find()) {
                return new ExtractedFact(
                        capitalize(rule.fact().apply(matcher).strip()),
                        rule.type(),
                        rule.importance(),
                        rule.category(),
                        turn,
                        List.of(),
                        rule.replacedValue() == null
                                ? null
                                : rule.replacedValue().apply(matcher).strip());
            }
        }
        return null;
    }

    /** "my wife is Anna" -> "User's wife is Anna"; "I prefer tea" -> "User prefers tea". */
    static String thirdPerson(String clause) {
        Matcher pronoun = Pattern.compile("^(i'm|i am|i|my|we're|we are|we|our)\\s+(\\S+)(.*)", FLAGS)
                .matcher(clause);
        if (!pronoun.matches()) {
            return clause;
        }
        String rest = pronoun.group(3);
        return switch (pronoun.group(1).toLowerCase(Locale.ROOT)) {
            case "i'm", "i am", "we're", "we are" -> "User is " + pronoun.group(2) + rest;
            case "my", "our" -> "User's " + pronoun.group(2) + rest;
            default -> "User " + verb(pronoun.group(2)) + rest;
        };
    }

    /** Third person singular of a verb: prefer -> prefers, watch -> watches, have -> has. */
    static String verb(String verb) {
        String v = verb.toLowerCase(Locale.ROOT);
        return switch (v) {
            case "have" -> "has";
            case "do" -> "does";
            case "go" -> "goes";
            case "am" -> "is";
            default ->
                v.matches(".*(s|sh|ch|x|z|o)")
                        ? v + "es"
                        : v.matches(".*[^aeiou]y") ? v.substring(0, v.length() - 1) + "ies" : v + "s";
        };
    }

    private static String capitalize(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    private static Rule rule(
            String regex, FactType type, double importance, String category, Function<Matcher, String> fact) {
        return new Rule(Pattern.compile(regex, FLAGS), type, importance, category, fact, null);
    }
}
