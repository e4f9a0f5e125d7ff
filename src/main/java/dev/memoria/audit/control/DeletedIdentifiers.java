package dev.memoria.audit.control;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What of a deleted text support can later confirm from a fragment: the text itself, normalised (case, spaces and
 * punctuation at the ends do not matter), and the identifiers in it: phone numbers by their digits (and their last
 * nine, the number without a country code), e-mail addresses, other numbers of six digits or more, and names (two or
 * more capitalised words in a row). Each is kept only as a keyed digest ({@code kind:hex}); a fragment is read the
 * same way, so "+351 912 345 678", "351912345678" and "912 345 678" all confirm a deleted "Luis: +351 912 345 678".
 * Ordinary words are not identifiers: "Lisbon" alone confirms nothing, by design.
 */
public final class DeletedIdentifiers {

    /** What a digest was made of, most telling first. */
    public enum Kind {
        TEXT("the whole text (case and spacing aside)"),
        PHONE("a phone number in it"),
        EMAIL("an e-mail address in it"),
        NUMBER("a number in it"),
        NAME("a name in it");

        private final String description;

        Kind(String description) {
            this.description = description;
        }

        String prefix() {
            return name().toLowerCase(Locale.ROOT);
        }

        public String description() {
            return description;
        }
    }

    private static final int MAX_CHARS = 8_000;
    private static final int MAX_IDENTIFIERS = 40;
    private static final Pattern EMAIL = Pattern.compile("[\\p{L}\\p{N}._%+-]+@[\\p{L}\\p{N}.-]+\\.[\\p{L}]{2,}");
    /** Digits with the separators phone numbers and account numbers are written with. */
    private static final Pattern DIGITS = Pattern.compile("\\+?\\(?\\d[\\d\\s().-]{4,24}\\d");

    private static final Pattern NAME = Pattern.compile("\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+)+");
    private static final Pattern NOT_DIGIT_IN_NUMBER = Pattern.compile("[\\s().+-]");
    private static final Pattern ONLY_DIGITS = Pattern.compile("\\d{6,15}");
    private static final Pattern NOT_DIGIT = Pattern.compile("\\D");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern EDGE_PUNCTUATION = Pattern.compile("^[\\p{P}\\s]+|[\\p{P}\\s]+$");

    private DeletedIdentifiers() {}

    /** One thing a digest is made of: its kind and its normalised value. */
    public record Identifier(Kind kind, String value) {}

    /** The text's identifiers (values normalised), the whole text first; at most forty. */
    public static List<Identifier> of(String text) {
        String head = text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text;
        Map<String, Kind> found = new LinkedHashMap<>();
        String normal = normalised(head);
        if (!normal.isEmpty()) {
            found.put(normal + "\n" + Kind.TEXT, Kind.TEXT);
        }
        Matcher email = EMAIL.matcher(head);
        while (email.find()) {
            found.putIfAbsent(email.group().toLowerCase(Locale.ROOT) + "\n" + Kind.EMAIL, Kind.EMAIL);
        }
        String withoutEmails = EMAIL.matcher(head).replaceAll(" ");
        Matcher digits = DIGITS.matcher(withoutEmails);
        while (digits.find()) {
            String only = NOT_DIGIT.matcher(digits.group()).replaceAll("");
            boolean phone = only.length() >= 7 && only.length() <= 15 && looksLikePhone(digits.group());
            if (phone) {
                found.putIfAbsent(only + "\n" + Kind.PHONE, Kind.PHONE);
                if (only.length() > 9) {
                    found.putIfAbsent(only.substring(only.length() - 9) + "\n" + Kind.PHONE, Kind.PHONE);
                }
            } else if (only.length() >= 6) {
                found.putIfAbsent(only + "\n" + Kind.NUMBER, Kind.NUMBER);
            }
        }
        Matcher name = NAME.matcher(withoutEmails);
        while (name.find()) {
            String value = SPACES.matcher(name.group()).replaceAll(" ").toLowerCase(Locale.ROOT);
            found.putIfAbsent(value + "\n" + Kind.NAME, Kind.NAME);
        }
        return found.keySet().stream()
                .limit(MAX_IDENTIFIERS)
                .map(key -> new Identifier(found.get(key), key.substring(0, key.lastIndexOf('\n'))))
                .toList();
    }

    /**
     * The digests a fragment is looked up by: its identifiers, its whole text, and, when it is nothing but a number,
     * that number as a phone number, a long number and (written without a country code) a phone number's tail.
     */
    public static List<String> lookups(byte[] key, String fragment) {
        Mac mac = mac(key);
        List<String> digests = new ArrayList<>();
        of(fragment).forEach(identifier -> digests.add(digest(mac, identifier.kind(), identifier.value())));
        String only = NOT_DIGIT_IN_NUMBER.matcher(fragment).replaceAll("");
        if (ONLY_DIGITS.matcher(only).matches()) {
            digests.add(digest(mac, Kind.PHONE, only));
            digests.add(digest(mac, Kind.NUMBER, only));
            if (only.length() > 9) {
                digests.add(digest(mac, Kind.PHONE, only.substring(only.length() - 9)));
            }
        }
        return digests.stream().distinct().toList();
    }

    /** The words stored for a deleted text: "kind:hex" each, separated by spaces. */
    public static String stored(byte[] key, String text) {
        Mac mac = mac(key);
        StringBuilder words = new StringBuilder();
        of(text).forEach(identifier ->
                words.append(words.isEmpty() ? "" : " ").append(digest(mac, identifier.kind(), identifier.value())));
        return words.toString();
    }

    /** The kind a stored word was made for. */
    public static Kind kindOf(String word) {
        return Kind.valueOf(word.substring(0, word.indexOf(':')).toUpperCase(Locale.ROOT));
    }

    static String digest(byte[] key, Kind kind, String value) {
        return digest(mac(key), kind, value);
    }

    private static String digest(Mac mac, Kind kind, String value) {
        byte[] hash = mac.doFinal((kind.prefix() + "\n" + value).getBytes(StandardCharsets.UTF_8));
        // 128 bits: no collision within any audit log, and a word of at most 38 characters
        return kind.prefix() + ":" + HexFormat.of().formatHex(hash, 0, 16);
    }

    private static Mac mac(byte[] key) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }

    static String normalised(String text) {
        String lower =
                SPACES.matcher(text.replace('’', '\'').toLowerCase(Locale.ROOT)).replaceAll(" ");
        return EDGE_PUNCTUATION.matcher(lower).replaceAll("");
    }

    private static boolean looksLikePhone(String written) {
        return written.startsWith("+")
                || written.startsWith("(")
                || written.strip().split("[\\s.-]").length >= 2;
    }
}
