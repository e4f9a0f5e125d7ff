package dev.memoria.supersession.control;

import dev.memoria.text.control.TextAnalyzer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads two statements as one frame with a slot: "Sprint starts: Monday" / "Sprint starts: Wednesday", "The
 * budget for team Atlas is 10,000 dollars" / "… is 6,000 dollars", "My manager is Laura" / "My manager changed to
 * Tom". Open-world: no attribute is named anywhere; what decides is where the two statements differ.
 *
 * <p>The words both share from the start (the frame) must hold the verb, so the slot that differs is the value,
 * never the subject ("team Atlas" / "team Borealis" differ before the verb: two subjects, both true). A frame of
 * a noun phrase and a copula ("my manager is", "Sprint starts:") holds one value at a time; a frame of a person and
 * any other verb ("I speak", "User is proficient in") may hold many, so it needs the newer statement to say it
 * changed ("now", "switched", "no more"). Additive, planned, negated, one-off and questioning statements never
 * replace anything, and a slot whose words contain the other's is the same value, restated.
 */
final class StatementFrames {

    /** What a matched frame says: the shared words, both values and why it counts, with a confidence in [0, 1]. */
    record Match(String frame, String olderValue, String newerValue, String reason, double confidence) {}

    static final double CHANGE_SAID = 0.96;
    static final double SLOT_REPLACED = 0.9;

    private static final int MAX_CHARS = 600;
    private static final int MAX_VALUE_WORDS = 6;
    private static final int MAX_LABEL_WORDS = 5;

    private static final Pattern TOKEN = Pattern.compile("[\\p{L}\\p{N}@#$£€+][\\p{L}\\p{N}@#$£€'’._/%+:-]*");
    private static final Pattern CLAUSE_END =
            Pattern.compile("[;!?()\\[\\]\\n]|[.,](?=\\s|$)|\\s[-–—]\\s|\\s(?:but|so|because|since|as|after|which)\\s");
    private static final Pattern LABEL = Pattern.compile("^\\s*([^:\\n]{1,60}?)\\s*[:=]\\s+(\\S.*)$");
    // compiled once: a batch reads thousands of statements, and String.replaceAll compiles on every call
    private static final Pattern TRAILING_PUNCTUATION = Pattern.compile("[.:'_/-]+$");
    private static final Pattern PLAIN_NUMBER = Pattern.compile("\\d+(?:[.,]\\d+)?");
    private static final Pattern ABBREVIATED_NUMBER = Pattern.compile("(\\d+(?:[.,]\\d+)*)\\s*([km])\\b");
    private static final Pattern THOUSANDS_SEPARATOR = Pattern.compile("(?<=\\d),(?=\\d{3})");
    private static final Pattern HOUR_SUFFIX = Pattern.compile("(?<=\\d)\\s*(?:am|pm)\\b");

    /** The verbs {@link #CHANGE_VERB} reads as a copula: one list, so the quick test before it cannot drift. */
    private static final List<String> CHANGE_VERBS = List.of(
            "changed",
            "switched",
            "moved",
            "updated",
            "upgraded",
            "downgraded",
            "bumped",
            "raised",
            "lowered",
            "increased",
            "decreased",
            "reduced",
            "dropped",
            "cut",
            "rescheduled",
            "pushed",
            "shifted",
            "rotated",
            "renamed",
            "reset",
            "transferred",
            "went");

    /** Verbs of change, with their particle, read as the copula they replace ("changed to Tom" = "is Tom"). */
    private static final Pattern CHANGE_VERB = Pattern.compile(
            "\\b(?:(?:has|have|had|was|were|got|been|just|now|finally)\\s+)*(?:" + String.join("|", CHANGE_VERBS)
                    + ")\\s+(?:(?:it|this|that|them)\\s+)?(?:up\\s+|down\\s+)?"
                    + "(?:from\\s+\\S+(?:\\s+\\S+){0,3}?\\s+)?(?:to|into|over to)\\b");

    private static final Set<String> COPULAS = Set.of("is", "are", "am", "was", "were", "=", ":", "equals", "'s");
    private static final Set<String> CHANGE_WORDS = Set.of(
            "now",
            "currently",
            "nowadays",
            "anymore",
            "instead",
            "new",
            "newly",
            "updated",
            "changed",
            "switched",
            "moved",
            "replaced",
            "upgraded",
            "downgraded",
            "became",
            "becomes",
            "longer",
            "officially",
            "finally",
            "rescheduled",
            "rotated",
            "renamed",
            "actually",
            "correction",
            "corrected");
    /** Words that say a value was replaced, not just that it holds now. */
    private static final Set<String> STRONG_CHANGE_WORDS = Set.of(
            "instead",
            "anymore",
            "switched",
            "changed",
            "moved",
            "replaced",
            "longer",
            "migrated",
            "ditched",
            "swapped");
    /** Fillers that carry no value in a slot: dropped before the two slots are compared. */
    private static final Set<String> FILLER = Set.of(
            "now",
            "currently",
            "nowadays",
            "anymore",
            "instead",
            "actually",
            "officially",
            "finally",
            "just",
            "still",
            "the",
            "a",
            "an",
            "new",
            "newly",
            "updated",
            "these",
            "days",
            "as",
            "of",
            "today",
            "since",
            "from");

    private static final Set<String> PEOPLE = Set.of(
            "i",
            "we",
            "you",
            "he",
            "she",
            "they",
            "it",
            "user",
            "the user",
            "user's",
            "my",
            "our",
            "their",
            "his",
            "her");
    /** Prepositions and particles: a value starting with one states a relation, not a value of the frame. */
    private static final Set<String> RELATION_WORDS = Set.of(
            "in", "on", "at", "to", "for", "with", "from", "by", "of", "out", "off", "away", "into", "under", "over",
            "about", "like", "than", "and", "or", "is", ":");

    private static final Set<String> ADDITIVE = Set.of(
            "also",
            "too",
            "another",
            "second",
            "additionally",
            "additional",
            "plus",
            "extra",
            "both",
            "added",
            "add",
            "adding",
            "more",
            "other",
            "co",
            "besides",
            "either",
            "alongside");
    private static final Set<String> NOT_NOW = Set.of(
            "might",
            "may",
            "maybe",
            "could",
            "will",
            "'ll",
            "gonna",
            "going",
            "plan",
            "plans",
            "planning",
            "thinking",
            "considering",
            "consider",
            "want",
            "wants",
            "wanted",
            "would",
            "should",
            "hope",
            "hoping",
            "if",
            "unless",
            "tomorrow",
            "soon",
            "eventually",
            "someday",
            "next",
            "probably",
            "perhaps",
            "possibly",
            "not",
            "n't",
            "never",
            "no",
            "don't",
            "doesn't",
            "didn't",
            "isn't",
            "aren't",
            "wasn't",
            "won't",
            "today",
            "tonight",
            "temporarily",
            "temporary",
            "meanwhile",
            "covering",
            "cover",
            "until",
            "till",
            "visiting",
            "trip",
            "while",
            "once",
            "occasionally",
            "sometimes",
            "weekend",
            "used",
            "previously",
            "former",
            "formerly",
            "ex",
            "old",
            "was",
            "were",
            "ago",
            "yesterday",
            "last",
            "asked",
            "asking",
            "wondering",
            "recommended",
            "suggested");

    private StatementFrames() {}

    /** A statement read once: its clauses, its words before and after change verbs become copulas. */
    /** How many words two clauses' frames share at least: a subject and its verb. */
    private static final int FRAME_START = 2;

    record Statement(List<List<String>> clauses, List<String> words, List<String> normalWords, boolean question) {}

    static Statement read(String text) {
        String normal = normalized(text);
        return new Statement(clauses(normal), words(text), words(normal), text.contains("?"));
    }

    /** The frame the newer statement fills with another value than the older, if it replaces it. */
    static Optional<Match> match(String newer, String older) {
        return match(read(newer), read(older));
    }

    static Optional<Match> match(Statement newer, Statement older) {
        if (newer.question() || older.question()) {
            return Optional.empty();
        }
        Optional<Match> best = Optional.empty();
        for (List<String> o : older.clauses()) {
            for (List<String> n : newer.clauses()) {
                Optional<Match> match = matchClauses(o, n, newer, false);
                if (match.isPresent()
                        && (best.isEmpty()
                                || match.get().confidence() > best.get().confidence())) {
                    best = match;
                }
            }
        }
        return best;
    }

    /**
     * Whether two statements fill one frame with two values, whatever their words of change, time or addition: not
     * enough to hide either, but enough that a reader should see which is newer.
     */
    static boolean shareAFrame(String a, String b) {
        Statement later = read(b);
        for (List<String> x : clauses(normalized(a))) {
            for (List<String> y : later.clauses()) {
                if (matchClauses(x, y, later, true).isPresent()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** @param loose whether only the frame counts, not what says the newer replaces the older */
    private static Optional<Match> matchClauses(
            List<String> older, List<String> newer, Statement newerStatement, boolean loose) {
        // change verbs read as a copula ("was raised to" = "is"), so their helpers ("was") do not read as the past
        List<String> allNewer = newerStatement.normalWords();
        if (older.isEmpty() || newer.isEmpty() || !sameStart(older, newer)) {
            return Optional.empty();
        }
        if (!loose
                && (allNewer.stream().anyMatch(w -> ADDITIVE.contains(w) || NOT_NOW.contains(w))
                        || older.stream().anyMatch(NOT_NOW::contains))) {
            return Optional.empty();
        }
        boolean changeSaid = loose || newerStatement.words().stream().anyMatch(CHANGE_WORDS::contains);
        List<String> o = withoutFiller(older);
        List<String> n = withoutFiller(newer);
        int prefix = 0;
        while (prefix < o.size() && prefix < n.size() && o.get(prefix).equals(n.get(prefix))) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < o.size() - prefix
                && suffix < n.size() - prefix
                && o.get(o.size() - 1 - suffix).equals(n.get(n.size() - 1 - suffix))) {
            suffix++;
        }
        List<String> frame = o.subList(0, prefix);
        List<String> after = o.subList(o.size() - suffix, o.size());
        List<String> olderValue = o.subList(prefix, o.size() - suffix);
        List<String> newerValue = n.subList(prefix, n.size() - suffix);
        if (olderValue.isEmpty()
                || newerValue.isEmpty()
                || olderValue.size() > MAX_VALUE_WORDS
                || newerValue.size() > MAX_VALUE_WORDS
                || after.stream().anyMatch(COPULAS::contains)
                || shape(olderValue) != shape(newerValue)
                || !relations(olderValue).equals(relations(newerValue))
                || namesItsOwnAttribute(olderValue, newerValue)) {
            return Optional.empty();
        }
        if (Stream.concat(olderValue.stream(), newerValue.stream()).anyMatch(COPULAS::contains)) {
            return Optional.empty(); // the statements differ before their verb: two subjects
        }
        if (frame.stream()
                .allMatch(w -> PEOPLE.contains(w) || CHANGE_WORDS.contains(w) || RELATION_WORDS.contains(w))) {
            return Optional.empty(); // "moved my _": the frame names nothing the two values are of
        }
        int copula = lastCopula(frame);
        boolean person = frame.isEmpty() || PEOPLE.contains(frame.get(0));
        if (copula >= 1) {
            List<String> subject = frame.subList(0, copula);
            boolean sharedWord = Stream.concat(frame.subList(copula + 1, frame.size()).stream(), after.stream())
                    .anyMatch(w -> !RELATION_WORDS.contains(w));
            if (subject.stream().allMatch(PEOPLE::contains) && !(sharedWord && changeSaid)) {
                return Optional.empty(); // "I am _" holds many values at once: a nurse, vegetarian, fully remote
            }
            if (subject.size() == 1 && !frame.get(copula).equals(":") && !sharedWord && !changeSaid) {
                return Optional.empty(); // "Mia is _": a lone word may be a person's name, who is many things
            }
        } else if (copula == 0
                || frame.size() < 2
                || !(loose || (person ? strongChangeSaid(newerStatement.words()) : changeSaid))) {
            // any other verb may hold many values ("uses Jira", "speaks French") unless the newer says it changed
            return Optional.empty();
        }
        if (sameValue(olderValue, newerValue)) {
            return Optional.empty();
        }
        return Optional.of(new Match(
                String.join(" ", frame) + " _" + (after.isEmpty() ? "" : " " + String.join(" ", after)),
                String.join(" ", olderValue),
                String.join(" ", newerValue),
                changeSaid
                        ? "the same frame with another value, and the newer says it changed"
                        : "the same frame with another value",
                changeSaid ? CHANGE_SAID : SLOT_REPLACED));
    }

    private enum Shape {
        RELATION,
        ACTIVITY,
        NUMBER,
        WORD
    }

    /**
     * The relations a value goes on with ("Wednesdays at 6": at; "allergic to eggs": to). Two values of one slot go
     * on alike: "a teacher in Leeds" and "Milan for work", "obsessed with dinosaurs" and "allergic to eggs" do not.
     */
    private static List<String> relations(List<String> value) {
        return value.subList(1, value.size()).stream()
                .filter(RELATION_WORDS::contains)
                .toList();
    }

    /** "size 31" / "Stage 2": each value names its own attribute, so the two are about different things. */
    private static boolean namesItsOwnAttribute(List<String> older, List<String> newer) {
        return older.size() >= 2
                && newer.size() >= 2
                && !older.get(0).equals(newer.get(0))
                && PLAIN_NUMBER.matcher(older.get(1)).matches()
                && PLAIN_NUMBER.matcher(newer.get(1)).matches();
    }

    /** How a value starts: two values of one slot start alike ("in Leeds" and "allergic to eggs" do not). */
    private static Shape shape(List<String> value) {
        String first = value.get(0);
        if (RELATION_WORDS.contains(first)) {
            return Shape.RELATION;
        }
        if (first.length() > 4 && first.endsWith("ing")) {
            return Shape.ACTIVITY;
        }
        return Character.isDigit(first.charAt(0)) ? Shape.NUMBER : Shape.WORD;
    }

    /** Whether the statement says a value was replaced ("moved", "switched", "instead"), not only that it holds. */
    static boolean saysItChanged(String text) {
        return strongChangeSaid(words(text));
    }

    private static boolean strongChangeSaid(List<String> words) {
        return words.stream().anyMatch(STRONG_CHANGE_WORDS::contains);
    }

    /** The last copula of the frame; a frame without one only counts when it is a "label:" with a verb. */
    private static int lastCopula(List<String> frame) {
        for (int i = frame.size() - 1; i >= 0; i--) {
            if (COPULAS.contains(frame.get(i))) {
                return i;
            }
        }
        return -1;
    }

    /** One value restated, more or less detailed: the analysed terms of one contain the other's. */
    private static boolean sameValue(List<String> older, List<String> newer) {
        Set<String> a = TextAnalyzer.termFrequencies(normalNumbers(String.join(" ", older)))
                .keySet();
        Set<String> b = TextAnalyzer.termFrequencies(normalNumbers(String.join(" ", newer)))
                .keySet();
        return a.isEmpty() || b.isEmpty() || a.containsAll(b) || b.containsAll(a);
    }

    private static String normalNumbers(String value) {
        Matcher m = ABBREVIATED_NUMBER.matcher(
                value.replace("$", " ").replace("£", " ").replace("€", " "));
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            double number = Double.parseDouble(m.group(1).replace(",", ""));
            number *= m.group(2).equals("k") ? 1_000 : 1_000_000;
            m.appendReplacement(out, Long.toString(Math.round(number)));
        }
        m.appendTail(out);
        return HOUR_SUFFIX
                .matcher(THOUSANDS_SEPARATOR.matcher(out).replaceAll(""))
                .replaceAll("");
    }

    /**
     * Whether the clauses' first {@value #FRAME_START} words other than filler are the same: a frame shorter than
     * that names no subject and verb (a copula after a subject, or another verb after two words), so nothing else
     * needs reading; most candidates of a write end here.
     */
    private static boolean sameStart(List<String> older, List<String> newer) {
        int o = 0;
        int n = 0;
        for (int shared = 0; shared < FRAME_START; shared++) {
            while (o < older.size() && FILLER.contains(older.get(o))) {
                o++;
            }
            while (n < newer.size() && FILLER.contains(newer.get(n))) {
                n++;
            }
            if (o >= older.size() || n >= newer.size() || !older.get(o).equals(newer.get(n))) {
                return false;
            }
            o++;
            n++;
        }
        return true;
    }

    private static List<String> withoutFiller(List<String> words) {
        return words.stream().filter(w -> !FILLER.contains(w)).toList();
    }

    /** The statement's clauses as words, from its {@link #normalized} text; a "label: value" line keeps its colon. */
    private static List<List<String>> clauses(String normal) {
        List<List<String>> clauses = new ArrayList<>();
        Matcher label = LABEL.matcher(normal);
        if (label.matches() && words(label.group(1)).size() <= MAX_LABEL_WORDS) {
            List<String> words = new ArrayList<>(words(label.group(1)));
            words.add(":");
            String rest = label.group(2);
            String[] parts = CLAUSE_END.split(rest, 2);
            words.addAll(words(parts[0]));
            clauses.add(words);
            return clauses;
        }
        for (String clause : CLAUSE_END.split(normal)) {
            List<String> words = words(clause);
            if (!words.isEmpty()) {
                clauses.add(words);
            }
            if (clauses.size() == 4) {
                break;
            }
        }
        return clauses;
    }

    /**
     * The text's first {@value #MAX_CHARS} characters, lower-cased, with change verbs read as a copula. The
     * expression runs only when the text holds one of its verbs: tried at every word, it was most of what a batch's
     * judging cost.
     */
    private static String normalized(String text) {
        String head = (text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text).toLowerCase(Locale.ROOT);
        return CHANGE_VERBS.stream().anyMatch(head::contains)
                ? CHANGE_VERB.matcher(head).replaceAll(" is ")
                : head;
    }

    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        Matcher m = TOKEN.matcher(text.toLowerCase(Locale.ROOT).replace('’', '\''));
        while (m.find()) {
            String word = TRAILING_PUNCTUATION.matcher(m.group()).replaceAll("");
            switch (word) {
                case "i'm" -> words.addAll(List.of("i", "am"));
                case "it's", "that's" -> words.addAll(List.of(word.substring(0, word.length() - 2), "is"));
                case "we're", "they're", "you're" -> words.addAll(List.of(word.substring(0, word.length() - 3), "are"));
                case "isn't", "aren't", "wasn't", "don't", "doesn't", "didn't", "won't", "can't" -> {
                    words.add(word);
                    words.add("n't");
                }
                default -> {
                    if (!word.isEmpty()) {
                        words.add(word);
                    }
                }
            }
        }
        return words;
    }
}
