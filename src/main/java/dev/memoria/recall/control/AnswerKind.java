package dev.memoria.recall.control;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What kind of answer a question asks for, when its wording says so: a person ("who"), a time ("when"), or an
 * amount ("how many"). A fact that holds such an answer (a name, a date, a number) is a likelier answer than one
 * that only shares the question's subject: "who should we call…" wants the contact, not the insurer. A closed set
 * of kinds read from the question's own words, so it needs no entry per domain; most questions have no kind.
 *
 * <p>A fact is read word by word rather than by regular expressions: recall asks it of every candidate, and the
 * expressions cost 3-6 µs a fact, a third of a millisecond for a hundred candidates.
 */
public enum AnswerKind {
    PERSON(Pattern.compile("\\b(who|whom|whose)\\b")),
    TIME(Pattern.compile("\\b(when|what (date|day|time|year|month)|which (date|day|year|month)|since when)\\b")),
    AMOUNT(Pattern.compile("\\b(how (many|much|long|old|far|often|big|tall|heavy)|what (number|percentage|size))\\b"));

    private static final Set<String> TIME_WORDS = Set.of(
            "yesterday",
            "today",
            "tonight",
            "tomorrow",
            "ago",
            "pm",
            "january",
            "february",
            "march",
            "april",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
            "jan",
            "feb",
            "mar",
            "apr",
            "jun",
            "jul",
            "aug",
            "sep",
            "sept",
            "oct",
            "nov",
            "dec",
            "monday",
            "tuesday",
            "wednesday",
            "thursday",
            "friday",
            "saturday",
            "sunday",
            "weekend");

    // not "am" or "may": as a verb each is far more common than as a time

    private static final Set<String> RELATIVE = Set.of("last", "next", "this");

    private static final Set<String> PERIODS =
            Set.of("week", "month", "year", "spring", "summer", "autumn", "fall", "winter");

    private static final Set<String> NUMBER_WORDS = Set.of(
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
            "twenty",
            "thirty",
            "forty",
            "fifty",
            "hundred",
            "thousand",
            "million",
            "dozen",
            "couple",
            "half",
            "once",
            "twice");

    /** Capitalised words that name no one: the pronoun I and its contractions. */
    private static final Set<String> NOT_NAMES = Set.of("I", "I'm", "I've", "I'll", "I'd");

    private final Pattern asked;

    AnswerKind(Pattern asked) {
        this.asked = asked;
    }

    /** The kind of answer the question asks for, or null when its words do not say (amounts before times: "how long"). */
    public static AnswerKind of(String question) {
        String words = question.toLowerCase(Locale.ROOT);
        for (AnswerKind kind : new AnswerKind[] {AMOUNT, TIME, PERSON}) {
            if (kind.asked.matcher(words).find()) {
                return kind;
            }
        }
        return null;
    }

    /**
     * Whether the text holds an answer of this kind. A person: a capitalised word inside a sentence (not its first,
     * nor a turn's speaker before ":"), an e-mail address or a phone number. A time: a year from 1800 to 2099, a clock
     * time, a month, a weekday or a word such as "yesterday" or "last summer". An amount: a digit or a number word.
     */
    public boolean heldBy(String text) {
        String previous = null;
        boolean sentenceStart = true;
        int digitsInARow = 0;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (!Character.isLetterOrDigit(c)) {
                if (c == '.' || c == '!' || c == '?' || c == ':') {
                    sentenceStart = true;
                }
                if (this == PERSON && c == '@' && i > 0 && text.indexOf('.', i) > i + 1) {
                    return true;
                }
                digitsInARow = c == ' ' || c == '-' || c == '(' || c == ')' ? digitsInARow : 0;
                i++;
                continue;
            }
            int start = i;
            while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '\'')) {
                i++;
            }
            String word = text.substring(start, i);
            boolean digits = word.chars().allMatch(Character::isDigit);
            digitsInARow = digits ? digitsInARow + word.length() : 0;
            if (switch (this) {
                case PERSON -> digitsInARow >= 9 || !sentenceStart && isName(word);
                case TIME -> isTime(word, previous, digits, i < n && text.charAt(i) == ':');
                case AMOUNT ->
                    word.chars().anyMatch(Character::isDigit) || NUMBER_WORDS.contains(word.toLowerCase(Locale.ROOT));
            }) {
                return true;
            }
            previous = word;
            sentenceStart = false;
        }
        return false;
    }

    private static boolean isName(String word) {
        return Character.isUpperCase(word.charAt(0))
                && word.length() > 1
                && Character.isLowerCase(word.charAt(1))
                && !NOT_NAMES.contains(word);
    }

    private static boolean isTime(String word, String previous, boolean digits, boolean beforeColon) {
        if (digits) {
            int year = word.length() == 4 ? Integer.parseInt(word) : 0;
            return year >= 1800 && year <= 2099 || beforeColon && word.length() <= 2;
        }
        String lower = word.toLowerCase(Locale.ROOT);
        return TIME_WORDS.contains(lower)
                || previous != null && RELATIVE.contains(previous.toLowerCase(Locale.ROOT)) && PERIODS.contains(lower)
                || lower.length() <= 4
                        && (lower.endsWith("am") || lower.endsWith("pm"))
                        && Character.isDigit(lower.charAt(0));
    }
}
