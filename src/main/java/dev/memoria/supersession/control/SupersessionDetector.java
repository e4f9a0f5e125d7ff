package dev.memoria.supersession.control;

import static dev.memoria.supersession.control.SupersessionCues.ADDITIVE;
import static dev.memoria.supersession.control.SupersessionCues.FILLER;
import static dev.memoria.supersession.control.SupersessionCues.FROM_TO;
import static dev.memoria.supersession.control.SupersessionCues.HYPOTHETICAL;
import static dev.memoria.supersession.control.SupersessionCues.LEAD;
import static dev.memoria.supersession.control.SupersessionCues.NOT_BUDGET_QUALIFIERS;
import static dev.memoria.supersession.control.SupersessionCues.NOT_PLANS;
import static dev.memoria.supersession.control.SupersessionCues.NUMBER_WORD;
import static dev.memoria.supersession.control.SupersessionCues.PAST_OR_NEGATED;
import static dev.memoria.supersession.control.SupersessionCues.POSSESSIVE_DETERMINERS;
import static dev.memoria.supersession.control.SupersessionCues.RELATIONS;
import static dev.memoria.supersession.control.SupersessionCues.RELATION_NAMES;
import static dev.memoria.supersession.control.SupersessionCues.RULES;
import static dev.memoria.supersession.control.SupersessionCues.SEPARATOR;
import static dev.memoria.supersession.control.SupersessionCues.TAIL;
import static dev.memoria.supersession.control.SupersessionCues.TEMPORARY;
import static dev.memoria.supersession.control.SupersessionCues.TENS;
import static dev.memoria.supersession.control.SupersessionCues.THOUSANDS;
import static dev.memoria.supersession.control.SupersessionCues.TRIGGER;
import static dev.memoria.supersession.control.SupersessionCues.UNITS;
import static dev.memoria.supersession.control.SupersessionCues.USER;
import static dev.memoria.supersession.control.SupersessionCues.VERBS;
import static dev.memoria.supersession.control.SupersessionCues.stems;

import dev.memoria.supersession.control.SupersessionCues.Rule;
import dev.memoria.text.control.TextAnalyzer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;

/**
 * Tells whether a newer fact states a new value of an <em>exclusive attribute</em> an older fact states: an
 * attribute of which one subject has one value at a time (residence, time zone, manager, employer, …). Two facts
 * without such an attribute (languages, pets, allergies, hobbies, tools) are never in conflict, which is what keeps
 * precision high: a true fact hidden by mistake is worse than a stale one kept.
 *
 * <p>A content is cut into clauses (at {@code ; ( ) ! ?}, a full stop or a comma followed by a space). In each
 * clause, regular expressions compiled once find the cues of an attribute ("lives in", "moved to Berlin", "time
 * zone", "my manager", "reports to", …). A clause that is a question, a plan or wish ("thinking about moving",
 * "will", "might"), a past or negated state ("used to", "previous", "no longer", "not") or, for residence and time
 * zone, a trip ("visiting", "next week") states no attribute. The subject is read from the words before the cue:
 * nothing, "User", "I", "my", "their" mean the user; "my sister", "User's wife's", "Dana's", "his" another subject,
 * whose attributes are qualified ({@code residence@sister}) so they never clash with the user's.
 *
 * <p>{@link #supersedes} compares the values of an attribute both contents state: a clause's words, analysed by
 * {@link TextAnalyzer}, less the attribute's cue words and words of change ("now", "moved", "new", "updated").
 * The same value restated, more or less detailed ("Berlin" / "Berlin, Germany", "$5k" / "$5,000"), is not a
 * supersession; nor is a clause that adds a value ("also", "too", "as well", "second").
 *
 * <p>Cost: a content's first {@value #MAX_CHARS} characters only; one pass of a trigger expression rejects most
 * facts before any rule runs; no expression nests quantifiers over the same characters; at most {@value
 * #MAX_STATEMENTS} statements a content.
 */
public final class SupersessionDetector {

    static final int MAX_CHARS = 2_000;
    static final int MAX_STATEMENTS = 8;
    private static final int MAX_ATTRIBUTE_LENGTH = 64;

    private record Statement(String attribute, Rule rule, int clauseStart, int clauseEnd, boolean additive) {}

    /** The attributes whose rules still decide, the only ones a write needs read: every rule costs each new fact. */
    private static final SupersessionDetector DECIDING =
            new SupersessionDetector(attribute -> SupersessionJudge.trusts(attribute));

    private final List<Rule> rules;

    /** A detector reading every attribute it knows (the benchmarks' and tests' view). */
    public SupersessionDetector() {
        this(attribute -> true);
    }

    private SupersessionDetector(Predicate<String> reads) {
        this.rules = RULES.stream().filter(rule -> reads.test(rule.attribute())).toList();
    }

    /** The detector writes use: it reads only the attributes whose rules decide ({@link SupersessionJudge}). */
    static SupersessionDetector deciding() {
        return DECIDING;
    }

    /**
     * The exclusive attribute a fact states a value of ("residence", "timezone", "manager", …), if any: two current
     * facts of one scope with the same attribute cannot both be true, so the newer supersedes the older.
     */
    public Optional<String> attributeOf(String content) {
        List<Statement> statements = statements(content);
        return statements.isEmpty()
                ? Optional.empty()
                : Optional.of(statements.get(0).attribute());
    }

    /** Whether the newer content supersedes the older (same attribute, and the newer is not additive such as "also …"). */
    public boolean supersedes(String newer, String older) {
        if (newer == null || older == null) {
            return false;
        }
        List<Statement> newerStatements = statements(newer);
        if (newerStatements.isEmpty()) {
            return false;
        }
        List<Statement> olderStatements = statements(older);
        String newerText = clip(newer);
        String olderText = clip(older);
        Map<String, Set<String>> newerValues = values(newerText, newerStatements, true);
        Map<String, Set<String>> olderValues = values(olderText, olderStatements, false);
        for (Map.Entry<String, Set<String>> entry : newerValues.entrySet()) {
            Set<String> before = olderValues.get(entry.getKey());
            Set<String> after = entry.getValue();
            if (before == null || before.isEmpty() || after.isEmpty()) {
                continue;
            }
            if (!before.containsAll(after) && !after.containsAll(before)) {
                return true;
            }
        }
        return false;
    }

    /** Each attribute's value terms; the newer's additive statements state no replacement and are left out. */
    private static Map<String, Set<String>> values(String text, List<Statement> statements, boolean newer) {
        Map<String, Set<String>> values = new LinkedHashMap<>();
        for (Statement statement : statements) {
            if (newer && statement.additive()) {
                continue;
            }
            values.computeIfAbsent(statement.attribute(), a -> new HashSet<>())
                    .addAll(valueTerms(text.substring(statement.clauseStart(), statement.clauseEnd()), statement));
        }
        return values;
    }

    private static Set<String> valueTerms(String clause, Statement statement) {
        String text = FROM_TO.matcher(clause).replaceAll("");
        text = SEPARATOR.matcher(text).replaceAll("");
        text = THOUSANDS.matcher(text).replaceAll(m -> thousands(m.group(1)));
        text = NUMBER_WORD.matcher(text).replaceAll(SupersessionDetector::numberWord);
        Set<String> terms = new HashSet<>(TextAnalyzer.termFrequencies(text).keySet());
        terms.removeAll(FILLER);
        terms.removeAll(statement.rule().cueTerms());
        int at = statement.attribute().indexOf('@');
        int colon = statement.attribute().indexOf(':');
        if (at >= 0) {
            terms.removeAll(stems(statement.attribute().substring(at + 1)));
        }
        if (colon >= 0) {
            terms.removeAll(stems(statement
                    .attribute()
                    .substring(colon + 1, at >= 0 ? at : statement.attribute().length())));
        }
        return terms;
    }

    private static String thousands(String number) {
        return Long.toString(Math.round(Double.parseDouble(number) * 1000));
    }

    private static String numberWord(MatchResult m) {
        if (m.group(3) != null) {
            return Integer.toString(UNITS.indexOf(m.group(3).toLowerCase(Locale.ROOT)));
        }
        int value = TENS.indexOf(m.group(1).toLowerCase(Locale.ROOT)) * 10;
        if (m.group(2) != null) {
            value += UNITS.indexOf(m.group(2).toLowerCase(Locale.ROOT));
        }
        return Integer.toString(value);
    }

    private static String clip(String content) {
        return content.length() <= MAX_CHARS ? content : content.substring(0, MAX_CHARS);
    }

    private List<Statement> statements(String content) {
        List<Statement> statements = new ArrayList<>();
        if (content == null || content.isBlank()) {
            return statements;
        }
        String text = clip(content);
        if (!TRIGGER.matcher(text).find()) {
            return statements;
        }
        int sentenceStart = statements.size();
        int clauseStart = 0;
        int length = text.length();
        for (int i = 0; i <= length && statements.size() < MAX_STATEMENTS; i++) {
            char c = i < length ? text.charAt(i) : '.';
            boolean next = i + 1 >= length || Character.isWhitespace(text.charAt(i + 1));
            boolean end = c == ';'
                    || c == '('
                    || c == ')'
                    || c == '['
                    || c == ']'
                    || c == '\n'
                    || c == '!'
                    || c == '?'
                    || ((c == '.' || c == ',') && next);
            if (!end) {
                continue;
            }
            if (c == '?') {
                // a question states nothing: drop what this sentence's clauses stated
                statements.subList(sentenceStart, statements.size()).clear();
            } else {
                clause(text, clauseStart, i, statements, rules);
            }
            if (c == '?' || c == '!' || c == '.' || c == '\n') {
                sentenceStart = statements.size();
            }
            clauseStart = i + 1;
        }
        return statements;
    }

    private static void clause(String text, int start, int end, List<Statement> statements, List<Rule> rules) {
        if (end - start < 3) {
            return;
        }
        Matcher guard = HYPOTHETICAL.matcher(text).region(start, end);
        if (guard.find()
                || guard.usePattern(PAST_OR_NEGATED).reset().region(start, end).find()) {
            return;
        }
        boolean temporary =
                guard.usePattern(TEMPORARY).reset().region(start, end).find();
        boolean additive = guard.usePattern(ADDITIVE).reset().region(start, end).find();
        Set<String> seen = new HashSet<>();
        for (Rule rule : rules) {
            if (statements.size() >= MAX_STATEMENTS) {
                return;
            }
            if (temporary
                    && (rule.attribute().equals("residence") || rule.attribute().equals("timezone"))) {
                continue;
            }
            Matcher m = rule.pattern().matcher(text).region(start, end);
            while (m.find()) {
                String attribute = attribute(text, start, m, rule);
                if (attribute != null && seen.add(attribute)) {
                    statements.add(new Statement(attribute, rule, start, end, additive));
                    break;
                }
            }
        }
    }

    /** The attribute a cue match states, qualified by its subject when not the user; null when it states none. */
    private static String attribute(String text, int clauseStart, Matcher m, Rule rule) {
        int cueStart = group(m, "c") >= 0 ? m.start("c") : m.start();
        String qualifier = qualifier(m, rule);
        if (qualifier != null && qualifier.isEmpty()) {
            return null;
        }
        int q = group(m, "q");
        if (q >= 0 && q < cueStart && (!rule.attribute().equals("budget") || qualifier != null)) {
            cueStart = q;
        }
        if (rule.attribute().equals("email") || rule.attribute().equals("phone")) {
            String clause = text.substring(clauseStart, m.regionEnd());
            if (rule.attribute().equals("email")
                    ? clause.indexOf('@') < 0
                    : !clause.chars().anyMatch(Character::isDigit)) {
                return null;
            }
        }
        List<String> original = words(text, clauseStart, cueStart);
        if (rule.needsPossessor()
                && !possessed(
                        original.stream().map(w -> w.toLowerCase(Locale.ROOT)).toList())) {
            return null;
        }
        String subject = subject(original);
        String attribute =
                rule.attribute() + (qualifier == null ? "" : ":" + qualifier) + (subject == null ? "" : "@" + subject);
        return attribute.length() <= MAX_ATTRIBUTE_LENGTH ? attribute : attribute.substring(0, MAX_ATTRIBUTE_LENGTH);
    }

    private static int group(Matcher m, String name) {
        try {
            return m.start(name);
        } catch (IllegalArgumentException noSuchGroup) {
            return -1;
        }
    }

    /** Null for none, "" when the match is not the attribute after all (a meal plan). */
    private static String qualifier(Matcher m, Rule rule) {
        switch (rule.attribute()) {
            case "email":
            case "phone": {
                if (group(m, "q") < 0) {
                    return null;
                }
                String q = m.group("q").toLowerCase(Locale.ROOT);
                return switch (q) {
                    case "work", "office", "business", "company" -> "work";
                    case "home", "landline" -> "home";
                    case "school", "university" -> "school";
                    default -> null;
                };
            }
            case "plan":
                return group(m, "w") >= 0 && NOT_PLANS.contains(m.group("w").toLowerCase(Locale.ROOT)) ? "" : null;
            case "budget": {
                if (group(m, "q2") >= 0) {
                    return singular(m.group("q2"));
                }
                if (group(m, "q") >= 0
                        && !NOT_BUDGET_QUALIFIERS.contains(m.group("q").toLowerCase(Locale.ROOT))) {
                    return singular(m.group("q"));
                }
                return null;
            }
            case "name": {
                if (group(m, "q") < 0) {
                    return null;
                }
                return switch (m.group("q").toLowerCase(Locale.ROOT)) {
                    case "first", "given" -> "first";
                    case "last", "family", "sur" -> "last";
                    case "middle" -> "middle";
                    default -> null;
                };
            }
            case "favourite": {
                String thing = singular(m.group("q"));
                return switch (thing) {
                    case "color" -> "colour";
                    case "film" -> "movie";
                    default -> thing;
                };
            }
            default:
                return null;
        }
    }

    private static String singular(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.substring(0, w.length() - 1) : w;
    }

    /**
     * A lone capitalised word before the cue names someone ("Sarah lives in Rome"), unless it is a verb opening a
     * note ("Switched editor to Neovim", "Prefers …").
     */
    private static boolean looksLikeName(String word) {
        String lower = word.toLowerCase(Locale.ROOT);
        return Character.isUpperCase(word.charAt(0))
                && !lower.endsWith("ed")
                && !lower.endsWith("ing")
                && !VERBS.contains(lower);
    }

    /** The words of text[from, to), apostrophes kept. */
    private static List<String> words(String text, int from, int to) {
        List<String> words = new ArrayList<>();
        int i = from;
        while (i < to) {
            while (i < to && !isWordChar(text.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < to && isWordChar(text.charAt(i))) {
                i++;
            }
            if (i > start) {
                words.add(text.substring(start, i).replace('’', '\''));
            }
        }
        return words;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '\'' || c == '’' || c == '-';
    }

    private static boolean isPossessive(String word) {
        return POSSESSIVE_DETERMINERS.contains(word) || word.endsWith("'s") || word.endsWith("s'");
    }

    /** Whether the cue is someone's ("my manager", "Dana's boss") or opens its clause ("Boss: Linda"). */
    private static boolean possessed(List<String> before) {
        int last = before.size() - 1;
        while (last >= 0
                && Set.of("new", "current", "direct", "line", "old", "actual").contains(before.get(last))) {
            last--;
        }
        if (last < 0) {
            return true;
        }
        if (isPossessive(before.get(last))) {
            return true;
        }
        int first = 0;
        while (first <= last && LEAD.contains(before.get(first))) {
            first++;
        }
        return first > last;
    }

    /** Null for the user, else who the words before a cue make its subject ("sister", "dana", "his"). */
    private static String subject(List<String> original) {
        List<String> before =
                original.stream().map(w -> w.toLowerCase(Locale.ROOT)).toList();
        int first = 0;
        int last = before.size() - 1;
        while (first <= last && LEAD.contains(before.get(first))) {
            first++;
        }
        while (last >= first && TAIL.contains(before.get(last))) {
            last--;
        }
        if (first > last) {
            return null;
        }
        for (int i = last; i >= first; i--) {
            String word = before.get(i);
            if (!isPossessive(word)) {
                continue;
            }
            if (i == last) {
                return owner(word);
            }
            // "my sister", "User's wife's", "Dana's team": the possessed noun is the subject
            return name(before.get(i + 1));
        }
        String head = before.get(first);
        if (USER.contains(head)) {
            return null;
        }
        if (RELATIONS.contains(head) || (last == first && looksLikeName(original.get(first)))) {
            return name(head);
        }
        return null;
    }

    private static boolean isUserPossessive(String word) {
        return word.equals("user's") || word.equals("users'");
    }

    private static String owner(String possessive) {
        if (USER.contains(possessive) || isUserPossessive(possessive)) {
            return null;
        }
        String base = possessive.endsWith("'s") ? possessive.substring(0, possessive.length() - 2) : possessive;
        base = base.endsWith("s'") ? base.substring(0, base.length() - 1) : base;
        return USER.contains(base) ? null : name(base);
    }

    private static String name(String word) {
        String base = word.endsWith("'s") ? word.substring(0, word.length() - 2) : word;
        base = RELATION_NAMES.getOrDefault(base, base);
        return base.length() <= 24 ? base : base.substring(0, 24);
    }
}
