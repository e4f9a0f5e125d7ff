package dev.memoria.supersession.control;

import dev.memoria.text.control.TextAnalyzer;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What {@link SupersessionDetector} recognises, kept apart from how it reads a content: the words that can start a
 * cue, the rules that find each exclusive attribute's cues, and the words of subjects, tense, plans and filler.
 * Adding an attribute or a phrasing is an edit here.
 */
final class SupersessionCues {

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
    /** A capitalised word, which a place or a company starts with; days and months are capitalised too, never places. */
    private static final String UPPER = "(?!(?:mon|tues|wednes|thurs|fri|satur|sun)days?\\b"
            + "|(?:january|february|march|april|may|june|july|august|september|october|november|december"
            + "|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\\b)(?=(?-i:\\p{Lu}))";

    private static final String UPPER_OR_DIGIT = "(?=(?-i:[\\p{Lu}\\d]))";
    private static final String APOS = "['’]";

    /** Any word that can start a cue: a content without one states no attribute. */
    static final Pattern TRIGGER = Pattern.compile(
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

    static final Pattern HYPOTHETICAL = Pattern.compile(
            "\\b(?:thinking|considering|consider|evaluating|exploring|plans?\\s+to|planning|might|could|would\\s+(?:like|love)"
                    + "|wants?\\s+to|wanted\\s+to|hopes?\\s+to|hoping|dreams?\\s+(?:of|about)|will|going\\s+to|gonna"
                    + "|if|maybe|perhaps|someday|eventually|should|wish(?:es)?|intends?\\s+to|about\\s+to|soon"
                    + "|whether|possibly|probably)\\b",
            FLAGS);
    static final Pattern PAST_OR_NEGATED = Pattern.compile(
            "\\b(?:used\\s+to|previous(?:ly)?|former(?:ly)?|grew\\s+up|until|ex-|no\\s+longer|not|never"
                    + "|anymore|any\\s+more)\\b|n" + APOS + "t\\b",
            FLAGS);
    static final Pattern TEMPORARY = Pattern.compile(
            "\\b(?:visit(?:ing|s)?|trip|vacation|holiday|conference|temporar(?:y|ily)|this\\s+week|next\\s+week"
                    + "|for\\s+(?:a|the|two|three|a\\s+few)\\s+(?:days?|weeks?|months?))\\b",
            FLAGS);
    static final Pattern ADDITIVE = Pattern.compile(
            "\\b(?:also|too|as\\s+well|additionally|another|second|in\\s+addition|both|part[\\s-]time"
                    + "|sometimes|occasionally|on\\s+weekends)\\b",
            FLAGS);
    /** "switched from X to Y": X is the old value, not a value the newer fact states. */
    static final Pattern FROM_TO = Pattern.compile("\\bfrom\\s+[^,;]{1,40}?\\s+(?=to\\b)", FLAGS);

    static final Pattern THOUSANDS = Pattern.compile("\\b(\\d{1,3}(?:\\.\\d{1,3})?)\\s?k\\b", FLAGS);
    static final Pattern SEPARATOR = Pattern.compile("(?<=\\d),(?=\\d{3}\\b)");
    static final Pattern NUMBER_WORD = Pattern.compile(
            "\\b(?:(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\\s-](one|two|three|four|five|six"
                    + "|seven|eight|nine))?|(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
                    + "|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen))\\b",
            FLAGS);
    static final List<String> UNITS = List.of(
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
    static final List<String> TENS =
            List.of("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety");

    /** Words that belong to no value: the subject, tense, change and filler. */
    static final Set<String> FILLER = stems(
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
    static final Set<String> LEAD = Set.of(
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
    static final Set<String> TAIL = Set.of(
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

    static final Set<String> USER = Set.of(
            "user", "users", "i", "i'm", "im", "i've", "i'd", "me", "my", "mine", "we", "our", "us", "their", "they",
            "they're", "user's", "users'", "your", "you");
    static final Set<String> POSSESSIVE_DETERMINERS = Set.of("my", "their", "our", "your", "his", "her");
    static final Set<String> RELATIONS = Set.of(
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
    static final Map<String, String> RELATION_NAMES = Map.of(
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
    static final Set<String> VERBS = Set.of(
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
    static final Set<String> NOT_PLANS = Set.of(
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
    static final Set<String> NOT_BUDGET_QUALIFIERS = Set.of(
            "my", "s", "the", "a", "an", "our", "their", "his", "her", "your", "total", "new", "current", "updated",
            "overall", "is", "of", "whole", "entire", "user", "this", "that");

    static final List<Rule> RULES = List.of(
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

    record Rule(String attribute, Pattern pattern, boolean needsPossessor, Set<String> cueTerms) {}

    private static Rule rule(String attribute, String regex, boolean needsPossessor, String cueWords) {
        return new Rule(attribute, Pattern.compile(regex, FLAGS), needsPossessor, stems(cueWords));
    }

    static Set<String> stems(String words) {
        return Set.copyOf(TextAnalyzer.termFrequencies(words).keySet());
    }

    private SupersessionCues() {}
}
