package dev.memoria.fact.control;

import dev.memoria.text.control.TextAnalyzer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
    private static final String UPPER = "(?=(?-i:\\p{Lu}))";
    private static final String UPPER_OR_DIGIT = "(?=(?-i:[\\p{Lu}\\d]))";
    private static final String APOS = "['’]";

    /** Any word that can start a cue: a content without one states no attribute. */
    private static final Pattern TRIGGER = Pattern.compile(
            "\\b(?:liv|resid|mov|reloc|based|location|home|city|time|tz|manager|boss|supervisor|report|work|employ"
                    + "|company|join|new\\s+(?:job|position|role)|start|hired|engineer|developer|designer|analyst"
                    + "|scientist|consultant|researcher|architect|programmer|intern|accountant|lawyer|nurse|teacher"
                    + "|job|position|role|promot|e-?mail|phone|telephone|mobile|cell|number|plan|tier|subscri|editor"
                    + "|ide|budget|name|call|goes|go|going|nickname|preferred|age|years?|yrs?|\\d{1,3}\\s*y"
                    + "|(?:is|am|i" + APOS + "m)\\s+(?:now\\s+)?\\d|turned|birth|dob|born|relationship|status|single"
                    + "|married|engaged|divorced|widowed|separated|dating|partner|spouse|wife|husband|girlfriend"
                    + "|boyfriend|fianc|fav|repl|respon|answer|write|talk|speak|language|veg|pesc|keto|paleo|carniv"
                    + "|omniv|flexit|diet|driv|car|stud|enrol|attend|transfer|universit|college|school|salary|income"
                    + "|compensation|earn|mak)",
            FLAGS);

    private static final Pattern HYPOTHETICAL = Pattern.compile(
            "\\b(?:thinking|considering|consider|plans?\\s+to|planning|might|could|would\\s+(?:like|love)"
                    + "|wants?\\s+to|wanted\\s+to|hopes?\\s+to|hoping|dreams?\\s+(?:of|about)|will|going\\s+to|gonna"
                    + "|if|maybe|perhaps|someday|eventually|should|wish(?:es)?|intends?\\s+to|about\\s+to|soon"
                    + "|whether|possibly|probably)\\b",
            FLAGS);
    private static final Pattern PAST_OR_NEGATED = Pattern.compile(
            "\\b(?:used\\s+to|previous(?:ly)?|former(?:ly)?|grew\\s+up|until|ex-|no\\s+longer|not|never"
                    + "|anymore|any\\s+more)\\b|n" + APOS + "t\\b",
            FLAGS);
    private static final Pattern TEMPORARY = Pattern.compile(
            "\\b(?:visit(?:ing|s)?|trip|vacation|holiday|conference|temporar(?:y|ily)|this\\s+week|next\\s+week"
                    + "|for\\s+(?:a|the|two|three|a\\s+few)\\s+(?:days?|weeks?|months?))\\b",
            FLAGS);
    private static final Pattern ADDITIVE = Pattern.compile(
            "\\b(?:also|too|as\\s+well|additionally|another|second|in\\s+addition|both|part[\\s-]time"
                    + "|sometimes|occasionally|on\\s+weekends)\\b",
            FLAGS);
    /** "switched from X to Y": X is the old value, not a value the newer fact states. */
    private static final Pattern FROM_TO = Pattern.compile("\\bfrom\\s+[^,;]{1,40}?\\s+(?=to\\b)", FLAGS);

    private static final Pattern THOUSANDS = Pattern.compile("\\b(\\d{1,3}(?:\\.\\d{1,3})?)\\s?k\\b", FLAGS);
    private static final Pattern SEPARATOR = Pattern.compile("(?<=\\d),(?=\\d{3}\\b)");
    private static final Pattern NUMBER_WORD = Pattern.compile(
            "\\b(?:(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\\s-](one|two|three|four|five|six"
                    + "|seven|eight|nine))?|(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
                    + "|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen))\\b",
            FLAGS);
    private static final List<String> UNITS = List.of(
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen");
    private static final List<String> TENS =
            List.of("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety");

    /** Words that belong to no value: the subject, tense, change and filler. */
    private static final Set<String> FILLER = stems(
            "user users i me my mine we our us their they them his her he she is am are was were be been being has"
                    + " have had now current currently new recent recently just change changed changes switch"
                    + " switched updated update moved move got get gets from since last next ago today yesterday"
                    + " anymore actually correction please use used uses using as main primary prefer prefers"
                    + " preferred on to at in the a an of for it that this which who went go going goes up down"
                    + " fully increased decreased raised cut reduced rose grew upgraded downgraded also rather would"
                    + " like called be there earlier again officially finally still around about roughly"
                    + " approximately week weeks month months day days year years annual annually yearly"
                    + " choice fix edit note update");

    /** Leading words of a clause that say nothing about its subject. */
    private static final Set<String> LEAD = Set.of(
            "correction",
            "actually",
            "please",
            "update",
            "updated",
            "note",
            "so",
            "btw",
            "fyi",
            "ok",
            "okay",
            "also",
            "just",
            "now",
            "currently",
            "recently",
            "still",
            "then",
            "and",
            "but",
            "well",
            "yes",
            "oh",
            "edit",
            "fix",
            "the");
    /** Words between a subject and its cue. */
    private static final Set<String> TAIL = Set.of(
            "is",
            "are",
            "was",
            "were",
            "am",
            "be",
            "been",
            "being",
            "has",
            "have",
            "had",
            "now",
            "currently",
            "current",
            "recently",
            "just",
            "also",
            "still",
            "directly",
            "actually",
            "fully",
            "finally",
            "officially",
            "already",
            "new",
            "old",
            "preferred",
            "primary",
            "main",
            "the",
            "a",
            "an",
            "rather",
            "would",
            "prefers",
            "prefer",
            "to",
            "as",
            "and",
            "then",
            "who",
            "that",
            "which",
            "really",
            "happily",
            "newly",
            "usually",
            "strictly",
            "mostly",
            "direct",
            "line",
            "favourite",
            "favorite",
            "since",
            "'d",
            "d");

    private static final Set<String> USER = Set.of(
            "user", "users", "i", "i'm", "im", "i've", "i'd", "me", "my", "mine", "we", "our", "us", "their", "they",
            "they're", "user's", "users'", "your", "you");
    private static final Set<String> POSSESSIVE_DETERMINERS = Set.of("my", "their", "our", "your", "his", "her");
    private static final Set<String> RELATIONS = Set.of(
            "sister",
            "brother",
            "mother",
            "mom",
            "mum",
            "father",
            "dad",
            "wife",
            "husband",
            "son",
            "daughter",
            "partner",
            "spouse",
            "friend",
            "colleague",
            "coworker",
            "co-worker",
            "boss",
            "manager",
            "team",
            "company",
            "client",
            "customer",
            "cat",
            "dog",
            "kid",
            "kids",
            "child",
            "children",
            "parents",
            "family",
            "roommate",
            "girlfriend",
            "boyfriend",
            "fiancé",
            "fiancee",
            "fiance",
            "grandmother",
            "grandfather",
            "grandma",
            "grandpa",
            "aunt",
            "uncle",
            "cousin",
            "niece",
            "nephew",
            "neighbour",
            "neighbor",
            "he",
            "she",
            "his",
            "her",
            "dentist",
            "doctor",
            "landlord",
            "employer");
    private static final Map<String, String> RELATION_NAMES = Map.of(
            "mom",
            "mother",
            "mum",
            "mother",
            "dad",
            "father",
            "co-worker",
            "coworker",
            "neighbor",
            "neighbour",
            "he",
            "his",
            "she",
            "her");
    private static final Set<String> VERBS = Set.of(
            "prefers",
            "uses",
            "likes",
            "loves",
            "wants",
            "has",
            "is",
            "says",
            "said",
            "reports",
            "works",
            "lives",
            "enjoys",
            "got",
            "left",
            "joined",
            "now",
            "then",
            "just",
            "sold",
            "bought",
            "drives",
            "studies",
            "attends",
            "earns",
            "makes",
            "became",
            "went",
            "eats",
            "goes",
            "turned",
            "upgraded",
            "still");
    private static final Set<String> NOT_PLANS = Set.of(
            "meal",
            "diet",
            "training",
            "workout",
            "study",
            "lesson",
            "floor",
            "health",
            "insurance",
            "retirement",
            "savings",
            "treatment",
            "action",
            "project",
            "data",
            "payment",
            "pension",
            "travel",
            "care",
            "exercise",
            "fitness",
            "marketing",
            "content",
            "release",
            "migration",
            "sprint");
    private static final Set<String> NOT_BUDGET_QUALIFIERS = Set.of(
            "my", "s", "the", "a", "an", "our", "their", "his", "her", "your", "total", "new", "current", "updated",
            "overall", "is", "of", "whole", "entire", "user", "this", "that");

    private static final List<Rule> RULES = List.of(
            // residence
            rule(
                    "residence",
                    "\\b(?:lives?|living|resides?|residing)\\s+in\\b",
                    false,
                    "live lives living resides residing"),
            rule(
                    "residence",
                    "\\b(?:moved|moving|relocated|relocating|relocate|move)\\s+(?:back\\s+)?to\\s+" + UPPER,
                    false,
                    "moved moving relocated relocating relocate move back"),
            rule("residence", "\\bbased\\s+(?:in|out\\s+of|at)\\s+" + UPPER, false, "based out"),
            rule(
                    "residence",
                    "^\\s*(?:location|home\\s+city|current\\s+city|city\\s+of\\s+residence|residence|home)\\s*:",
                    false,
                    "location home city residence"),
            // time zone
            rule("timezone", "\\btime[\\s-]?zone\\b|\\btz\\s*:", false, "time zone timezone tz"),
            // manager
            rule(
                    "manager",
                    "(?<![\\p{L}-])(?:(?:new|current|direct|line)\\s+)?(?<c>manager|boss|supervisor)\\b(?!" + APOS
                            + "s)(?!\\s+(?:of|at|for|to|in|on|and)\\b)",
                    true,
                    "manager boss supervisor direct line"),
            rule(
                    "manager",
                    "\\breport(?:s|ing)?\\s+(?:directly\\s+)?to\\b",
                    false,
                    "report reports reporting directly"),
            // employer
            rule(
                    "employer",
                    "\\b(?:works?|working|worked)\\s+(?:full[\\s-]time\\s+|remotely\\s+|now\\s+)?(?:at|for)\\s+(?!(?:me|us"
                            + "|you|him|her|them|it|home|free|fun|hours?|years?|months?|weeks?|days?|a\\s+while"
                            + "|\\d)\\b)",
                    false,
                    "work works working worked full time remotely"),
            rule("employer", "\\b(?:employer|company)\\s*:|\\bemployer\\s+is\\b", false, "employer company"),
            rule("employer", "\\b(?:joined|joining|joins)\\s+" + UPPER, false, "joined joining joins"),
            rule(
                    "employer",
                    "\\bnew\\s+(?:job|position|role)\\s+(?:at|with)\\b|\\b(?:started|starting|starts)\\s+(?:a\\s+new"
                            + "\\s+job\\s+|working\\s+)?(?:at|with|for)\\s+" + UPPER,
                    false,
                    "new job position role started starting starts working"),
            rule(
                    "employer",
                    "(?:\\bis|\\bam|\\bi" + APOS + "m|\\bas)\\s+an?\\s+(?:[\\p{L}-]+\\s+){0,2}(?:engineer|developer"
                            + "|designer|analyst|scientist|consultant|researcher|architect|programmer|intern"
                            + "|accountant|lawyer|nurse|teacher)\\s+(?:at|for|with)\\s+" + UPPER,
                    false,
                    ""),
            rule("employer", "\\bhired\\s+by\\b|\\bemployed\\s+(?:at|by)\\b", false, "hired employed"),
            // job title
            rule(
                    "job_title",
                    "\\bjob\\s+title\\s*(?::|is\\b|changed\\b)|\\b(?:position|role|job)\\s*:|\\b(?:position|role)"
                            + "\\s+(?:is|was\\s+changed\\s+to|changed\\s+to|has\\s+changed\\s+to)\\b",
                    false,
                    "job title position role"),
            rule(
                    "job_title",
                    "\\b(?:works?|working)\\s+as\\s+|\\bpromoted\\s+to\\b",
                    false,
                    "work works working promoted"),
            // email and phone (qualified: work, home)
            rule(
                    "email",
                    "\\b(?:(?<q>work|personal|private|business|office|school|university|home|company)\\s+)?e-?mail"
                            + "(?:\\s+address)?\\b(?!\\s+(?:me|him|her|them|us)\\b)",
                    false,
                    "email e mail address contact"),
            rule(
                    "phone",
                    "\\b(?:(?<q>work|office|home|personal|business|landline|mobile|cell)\\s+)?(?:phone|telephone"
                            + "|mobile|cell)(?:\\s+phone)?(?:\\s+number|\\s+no\\b)?\\b",
                    false,
                    "phone telephone mobile cell number no"),
            rule("phone", "\\b(?<c>number)\\b(?=\\s*(?::|is\\b|changed\\b))", true, "number"),
            // plan
            rule(
                    "plan",
                    "\\b(?:on|to|upgraded|downgraded|subscribes?\\s+to|subscribed\\s+to|switched\\s+to)\\s+(?:the\\s+"
                            + "|a\\s+|an\\s+)?(?:[\\p{L}\\d+-]+\\s+){0,2}?(?<w>[\\p{L}\\d+-]+)\\s+(?:plan|tier"
                            + "|subscription)\\b(?!\\s+to\\b)",
                    false,
                    "plan tier subscription subscribes subscribed subscribe"),
            rule(
                    "plan",
                    "\\b(?:subscription\\s+)?(?:plan|tier|subscription)\\s*(?::|is\\b(?!\\s+to\\b))",
                    false,
                    "plan tier subscription"),
            // editor
            rule("editor", "\\b(?:(?:code|text)\\s+)?(?:editor|ide|ides)\\b", false, "editor ide ides text"),
            // budget, qualified by what it is for
            rule(
                    "budget",
                    "(?:\\b(?<q>[\\p{L}\\d]+)\\s+)?\\b(?<c>budget)\\b(?:\\s+for\\s+(?:the\\s+|my\\s+|a\\s+|an\\s+|our\\s+"
                            + "|this\\s+|next\\s+)?(?:new\\s+)?(?:[\\p{L}\\d]+\\s+){0,2}?(?<q2>[\\p{L}\\d]+)(?=\\s*(?::"
                            + "|=|$)|\\s+(?:is|was|increased|decreased|grew|went|cut|raised|of|at|now)\\b))?",
                    false,
                    "budget"),
            // names
            rule(
                    "name",
                    "\\b(?:(?<q>first|last|full|legal|middle|given|family|sur)\\s*)?(?<c>name)(?:\\s*(?::|is\\b|was"
                            + "\\s+changed\\s+to|changed\\s+to)|" + APOS + "s\\b)",
                    true,
                    "name full legal"),
            rule(
                    "preferred_name",
                    "\\b(?:call\\s+me|goes\\s+by|go\\s+by|going\\s+by|(?:be|being)\\s+called)\\s+" + UPPER
                            + "|\\b(?:nickname|preferred\\s+name)\\s*(?::|is\\b)",
                    false,
                    "call me goes go going by called nickname"),
            // age, birthday
            rule("age", "\\bage\\s*(?::|is\\b)|\\baged\\s+\\d|\\bturned\\s+\\d{1,3}\\b", false, "age aged turned"),
            rule(
                    "age",
                    "(?<!\\ban\\s)(?<!\\ba\\s)\\b\\d{1,3}[\\s-]*(?:years?|yrs?)[\\s-]+old\\b|\\b\\d{1,3}\\s*y/?o\\b"
                            + "|(?:\\bis|\\bam|\\bi" + APOS + "m)\\s+(?:now\\s+)?\\d{1,3}(?=\\s*(?:now\\b|$|[.,;!]))",
                    false,
                    "years year yrs yr old yo y o"),
            rule(
                    "birthday",
                    "\\b(?:birthday|birth\\s*date|date\\s+of\\s+birth|dob|born\\s+on)\\b(?!\\s+(?:party|parties"
                            + "|present|gift|gifts|cake|dinner|card|plans?)\\b)",
                    false,
                    "birthday birth date dob born"),
            // relationship
            rule(
                    "relationship_status",
                    "(?:\\bis|\\bam|\\bi" + APOS + "m|\\bgot|\\bnow|\\bcurrently|\\bstatus\\s*:|\\brelationship\\s*:)"
                            + "\\s+(?:(?:now|currently|happily|recently|newly|officially)\\s+){0,2}(?:single|married"
                            + "|engaged|divorced|widowed|separated|dating|in\\s+a\\s+relationship)\\b",
                    false,
                    "relationship status got happily newly"),
            rule("relationship_status", "\\brelationship(?:\\s+status)?\\s*:", false, "relationship status"),
            rule(
                    "partner",
                    "\\b(?<c>partner|spouse|wife|husband|girlfriend|boyfriend|fianc[ée]e?)\\s*(?::|is\\s+(?:now\\s+)?"
                            + UPPER + ")",
                    true,
                    "partner spouse wife husband girlfriend boyfriend fiance fiancee"),
            // favourite <thing>
            rule(
                    "favourite",
                    "\\b(?<c>favou?rite|fave?)\\s+(?<q>\\p{L}+)(?=\\s*(?::|=|is\\b|was\\b))",
                    true,
                    "favourite favorite fav fave"),
            // reply language
            rule(
                    "reply_language",
                    "\\b(?:reply|replies|respond|responses?|answers?|write\\s+to\\s+me|talk\\s+to\\s+me|speak\\s+to"
                            + "\\s+me)(?:\\s+(?:to\\s+me|me|only|always|please|back)){0,3}\\s+in\\s+" + UPPER
                            + "|\\b(?:preferred\\s+)?language\\s+for\\s+(?:replies|responses|answers|communication)\\b"
                            + "|\\breply\\s+language\\s*:",
                    false,
                    "reply replies respond responses response answer answers write talk speak me language"
                            + " communication please only always back"),
            // diet
            rule(
                    "diet",
                    "(?:\\bis|\\bam|\\bi" + APOS
                            + "m|\\bwent|\\beats?|\\bbecame|\\bbecome|\\bturned|\\bnow|\\bdiet\\s*:"
                            + "|\\bdiet\\s+is)\\s+(?:(?:now|fully|strictly|mostly|a|an|completely|recently)\\s+){0,3}"
                            + "(?:vegetarian|vegan|pescatarian|pescetarian|carnivore|omnivore|keto|paleo|flexitarian)"
                            + "\\b(?!\\s+(?:food|restaurants?|recipes?|options?|dish(?:es)?|meals?|cooking|cuisine"
                            + "|places?|friends?|cafes?|cafés?)\\b)",
                    false,
                    "diet eat eats went became become turned fully strictly mostly completely"),
            // car
            rule(
                    "car",
                    "\\b(?:drives?|driving)\\s+(?:an?\\s+|the\\s+|my\\s+|their\\s+)?" + UPPER_OR_DIGIT,
                    false,
                    "drive drives driving"),
            rule("car", "\\b(?<c>car)\\s*(?::|is\\b)", true, "car"),
            // school
            rule(
                    "school",
                    "\\b(?:studies|studying|study|enrolled|student)\\s+(?:at|in)\\s+" + UPPER + "|\\battends?\\s+"
                            + UPPER + "|\\b(?:university|college|school)\\s*:|\\btransferred\\s+to\\s+(?=[^;,]{0,40}?"
                            + "\\b(?:university|college|school|institute|academy)\\b)",
                    false,
                    "study studies studying enrolled student attend attends transferred"),
            // salary
            rule("salary", "\\b(?:salary|income|compensation)\\b", false, "salary income compensation"),
            rule(
                    "salary",
                    "\\b(?:earns?|makes?|earning|making)\\s+(?:about\\s+|around\\s+|roughly\\s+)?[$€£]?\\d[\\d,.]*\\s*"
                            + "k?\\b(?=[^;.]{0,20}?\\b(?:a|per)\\s+(?:year|month|annum)\\b|[^;.]{0,20}?\\b(?:annually"
                            + "|yearly|monthly)\\b)",
                    false,
                    "earn earns make makes earning making per annum"));

    private record Rule(String attribute, Pattern pattern, boolean needsPossessor, Set<String> cueTerms) {}

    private record Statement(String attribute, Rule rule, int clauseStart, int clauseEnd, boolean additive) {}

    private static Rule rule(String attribute, String regex, boolean needsPossessor, String cueWords) {
        return new Rule(attribute, Pattern.compile(regex, FLAGS), needsPossessor, stems(cueWords));
    }

    private static Set<String> stems(String words) {
        return Set.copyOf(TextAnalyzer.termFrequencies(words).keySet());
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

    private static List<Statement> statements(String content) {
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
                clause(text, clauseStart, i, statements);
            }
            if (c == '?' || c == '!' || c == '.' || c == '\n') {
                sentenceStart = statements.size();
            }
            clauseStart = i + 1;
        }
        return statements;
    }

    private static void clause(String text, int start, int end, List<Statement> statements) {
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
        for (Rule rule : RULES) {
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
