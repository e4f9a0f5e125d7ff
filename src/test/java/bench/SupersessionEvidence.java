package bench;

import dev.memoria.text.control.TextAnalyzer;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An experiment, not shipped (supersession.md, "An open-world judge, measured"). What two statements share and
 * where they differ, read for any attribute: their terms (Lucene's English analysis),
 * the words a later statement uses to announce a change, add a value, plan, or mark a one-off, a "label: value"
 * frame, numbers, and the people each one is about. These are the evidence the supersession judge weighs; none
 * of them names an attribute, so a fact about anything is read the same way.
 */
public final class SupersessionEvidence {

    public static final List<String> NAMES = List.of(
            "bias",
            "older terms kept",
            "jaccard",
            "a term replaced",
            "numbers changed",
            "change words",
            "additive words",
            "one-off words",
            "plan words",
            "same label",
            "other label",
            "same opening",
            "other person",
            "ends the old",
            "past only",
            "restates");

    private static final Pattern CHANGE = words(
            "now",
            "currently",
            "switched",
            "switch",
            "moved",
            "move",
            "changed",
            "change",
            "updated",
            "update",
            "new",
            "newly",
            "anymore",
            "instead",
            "replaced",
            "replace",
            "upgraded",
            "downgraded",
            "became",
            "becomes",
            "as of",
            "from now",
            "since",
            "no longer",
            "back to",
            "again",
            "bumped",
            "raised",
            "increased",
            "decreased",
            "reduced",
            "lowered",
            "dropped",
            "down to",
            "up to",
            "went up",
            "went down",
            "rescheduled",
            "renamed",
            "relocated",
            "promoted",
            "took over",
            "handed over",
            "is now",
            "are now",
            "these days",
            "nowadays",
            "left",
            "quit",
            "joined",
            "started",
            "starting",
            "got a",
            "bought",
            "sold",
            "cancelled",
            "canceled",
            "stopped",
            "dropped",
            "latest",
            "revised",
            "converted",
            "accepted",
            "retired",
            "corrected",
            "correction",
            "actually");
    private static final Pattern ADDITIVE = words(
            "also",
            "too",
            "as well",
            "another",
            "second",
            "additionally",
            "in addition",
            "besides",
            "plus",
            "on the side",
            "extra",
            "both",
            "and also",
            "added",
            "add",
            "more");
    private static final Pattern ONE_OFF = words(
            "today",
            "tonight",
            "tomorrow",
            "this week",
            "this weekend",
            "this morning",
            "this afternoon",
            "this evening",
            "this sat",
            "this sun",
            "this friday",
            "this time",
            "just for",
            "for now",
            "temporarily",
            "temporary",
            "one-off",
            "one off",
            "skipped",
            "skipping",
            "skip",
            "for a few days",
            "for the week",
            "for two weeks",
            "for a week",
            "visiting",
            "trip",
            "conference",
            "holiday",
            "vacation",
            "until",
            "staying",
            "covering",
            "cover for",
            "promo",
            "just this",
            "this once",
            "late tonight",
            "early",
            "closing early",
            "incident",
            "during");
    private static final Pattern PLAN = words(
            "thinking about",
            "thinking of",
            "might",
            "may",
            "considering",
            "consider",
            "plan to",
            "plans to",
            "planning",
            "planning to",
            "want to",
            "wants to",
            "would like",
            "hoping",
            "hope to",
            "maybe",
            "perhaps",
            "if",
            "someday",
            "some day",
            "one day",
            "eventually",
            "looking at",
            "looking into",
            "wish",
            "would love",
            "tempted",
            "debating",
            "will probably");
    private static final Pattern ENDS = words(
            "no longer",
            "not anymore",
            "anymore",
            "cancelled",
            "canceled",
            "stopped",
            "quit",
            "left",
            "retired",
            "passed away",
            "died",
            "gave up",
            "ended",
            "over now",
            "moved out",
            "sold",
            "got rid of",
            "broke up",
            "divorced",
            "closed");
    private static final Pattern PAST = words(
            "used to",
            "previously",
            "formerly",
            "back when",
            "years ago",
            "as a kid",
            "growing up",
            "grew up",
            "in the past",
            "once had",
            "last year");
    /** Words for the people a statement is about: two statements about different ones are about different subjects. */
    private static final Set<String> PEOPLE = Set.of(
            "sister",
            "brother",
            "mother",
            "mom",
            "mum",
            "mommy",
            "father",
            "dad",
            "daddy",
            "parent",
            "parents",
            "wife",
            "husband",
            "partner",
            "spouse",
            "girlfriend",
            "boyfriend",
            "son",
            "daughter",
            "kid",
            "child",
            "children",
            "baby",
            "grandmother",
            "grandma",
            "gran",
            "nan",
            "grandfather",
            "grandpa",
            "grandparents",
            "aunt",
            "uncle",
            "cousin",
            "niece",
            "nephew",
            "friend",
            "roommate",
            "flatmate",
            "neighbour",
            "neighbor",
            "colleague",
            "coworker",
            "boss",
            "manager",
            "team",
            "teammate",
            "landlord",
            "client",
            "customer",
            "twin",
            "stepdad",
            "stepmom",
            "fiance",
            "fiancee");

    private static final Pattern LABEL = Pattern.compile("^\\s*([\\p{L}\\p{N} '_./#-]{1,40}?)\\s*[:=]\\s*\\S");
    private static final Pattern NUMBER = Pattern.compile("\\d+(?:[.,:]\\d+)*");
    private static final Pattern NAME = Pattern.compile("\\b\\p{Lu}[\\p{L}'-]+");

    private SupersessionEvidence() {}

    /** The evidence that {@code newer} replaces the value {@code older} states, one number per name in NAMES. */
    public static double[] features(String newer, String older) {
        String n = newer.toLowerCase(Locale.ROOT);
        String o = older.toLowerCase(Locale.ROOT);
        Set<String> newTerms = TextAnalyzer.termFrequencies(newer).keySet();
        Set<String> oldTerms = TextAnalyzer.termFrequencies(older).keySet();
        Set<String> shared = new HashSet<>(oldTerms);
        shared.retainAll(newTerms);
        Set<String> union = new HashSet<>(oldTerms);
        union.addAll(newTerms);
        boolean replaced = !newTerms.containsAll(oldTerms) && !oldTerms.containsAll(newTerms);
        Set<String> newNumbers = numbers(newer);
        Set<String> oldNumbers = numbers(older);
        String newLabel = label(newer);
        String oldLabel = label(older);
        double[] f = new double[NAMES.size()];
        f[0] = 1;
        f[1] = oldTerms.isEmpty() ? 0 : (double) shared.size() / oldTerms.size();
        f[2] = union.isEmpty() ? 0 : (double) shared.size() / union.size();
        f[3] = replaced ? 1 : 0;
        f[4] = !newNumbers.isEmpty() && !oldNumbers.isEmpty() && !newNumbers.equals(oldNumbers) ? 1 : 0;
        f[5] = has(CHANGE, n) && !has(CHANGE, o) ? 1 : 0;
        f[6] = has(ADDITIVE, n) ? 1 : 0;
        f[7] = has(ONE_OFF, n) && !has(ONE_OFF, o) ? 1 : 0;
        f[8] = has(PLAN, n) && !has(PLAN, o) ? 1 : 0;
        f[9] = newLabel != null && newLabel.equals(oldLabel) ? 1 : 0;
        f[10] = newLabel != null && oldLabel != null && !newLabel.equals(oldLabel) ? 1 : 0;
        f[11] = sameOpening(newer, older) ? 1 : 0;
        f[12] = otherPerson(n, o) || otherName(newer, older) ? 1 : 0;
        f[13] = has(ENDS, n) && !has(ENDS, o) ? 1 : 0;
        f[14] = has(PAST, n) ? 1 : 0;
        f[15] = !replaced && !shared.isEmpty() ? 1 : 0;
        return f;
    }

    private static Pattern words(String... phrases) {
        StringBuilder alternatives = new StringBuilder();
        for (String phrase : phrases) {
            alternatives.append(alternatives.length() == 0 ? "" : "|").append(Pattern.quote(phrase));
        }
        return Pattern.compile("(?<![\\p{L}\\p{N}])(?:" + alternatives + ")(?![\\p{L}\\p{N}])");
    }

    private static boolean has(Pattern words, String lowerCaseText) {
        return words.matcher(lowerCaseText).find();
    }

    private static Set<String> numbers(String text) {
        Set<String> numbers = new HashSet<>();
        Matcher matcher = NUMBER.matcher(text);
        while (matcher.find()) {
            numbers.add(matcher.group().replace(",", ""));
        }
        return numbers;
    }

    /** The label of a notes-style statement ("Gym days: Mon/Wed" is labelled "gym days"), or null. */
    private static String label(String text) {
        Matcher matcher = LABEL.matcher(text);
        return matcher.find()
                ? String.join(
                        " ", TextAnalyzer.termFrequencies(matcher.group(1)).keySet())
                : null;
    }

    /** The first two terms are the same: one frame ("Mia shoe size …", "The tech lead for …"). */
    private static boolean sameOpening(String newer, String older) {
        List<String> n = List.copyOf(TextAnalyzer.termFrequencies(newer).keySet());
        List<String> o = List.copyOf(TextAnalyzer.termFrequencies(older).keySet());
        return n.size() >= 2 && o.size() >= 2 && n.subList(0, 2).equals(o.subList(0, 2));
    }

    /** Each names a person the other does not ("my sister …" / "my brother …"). */
    private static boolean otherPerson(String newer, String older) {
        Set<String> n = people(newer);
        Set<String> o = people(older);
        return !n.isEmpty() && !o.isEmpty() && !n.containsAll(o) && !o.containsAll(n);
    }

    private static Set<String> people(String lowerCaseText) {
        Set<String> found = new LinkedHashSet<>();
        for (String word : lowerCaseText.split("[^\\p{L}]+")) {
            if (PEOPLE.contains(word)) {
                found.add(word);
            }
        }
        return found;
    }

    /** Each opens with a name the other lacks ("Pepper eats …" / "Biscuit is on …"): other subjects. */
    private static boolean otherName(String newer, String older) {
        String n = openingName(newer);
        String o = openingName(older);
        return n != null
                && o != null
                && !n.equalsIgnoreCase(o)
                && !newer.toLowerCase(Locale.ROOT).contains(o.toLowerCase(Locale.ROOT))
                && !older.toLowerCase(Locale.ROOT).contains(n.toLowerCase(Locale.ROOT));
    }

    private static String openingName(String text) {
        String head = text.strip();
        Matcher matcher = NAME.matcher(head);
        if (matcher.find() && matcher.start() == 0) {
            String word = matcher.group();
            return Set.of(
                                    "The",
                                    "My",
                                    "Our",
                                    "User",
                                    "User's",
                                    "Users",
                                    "I",
                                    "I'm",
                                    "We",
                                    "We're",
                                    "Customer",
                                    "Customer's",
                                    "This",
                                    "That",
                                    "A",
                                    "An",
                                    "His",
                                    "Her",
                                    "Their")
                            .contains(word)
                    ? null
                    : word;
        }
        return null;
    }
}
