package dev.memoria.platform.entity;

/**
 * Text the database can hold. PostgreSQL's {@code text} holds no NUL (U+0000), and a lone surrogate is no
 * character at all (it has no UTF-8 form), so every text a request carries is refused with a 400 when it holds
 * either: on every database alike, before anything is written.
 */
public final class StorableText {

    public static final String PROBLEM = "must not contain NUL characters (U+0000) or unpaired surrogates";

    private StorableText() {}

    public static boolean isStorable(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0) {
                return false;
            }
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return false;
            }
        }
        return true;
    }
}
