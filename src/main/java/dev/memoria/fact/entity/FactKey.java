package dev.memoria.fact.entity;

import dev.memoria.platform.entity.StorableText;

/**
 * What a fact's key may be: 1-128 characters of any text but control characters, with no space at either end
 * (API.md). A key such as {@code ..} is allowed: no call sits where the path form would climb to (a client that
 * removes dot segments turns {@code DELETE …/facts/by-key/..} into {@code DELETE …/facts}, a 405), and the query form
 * carries it safely; snapshot names, whose parent path clears a scope, are the ones that may never be a dot segment.
 * Keys come from other libraries' file names ({@code favourite editor}, {@code stack/backend}), so the alphabet
 * is wide; the path and query forms of by-key calls carry them percent-encoded.
 */
public final class FactKey {

    public static final int MAX_LENGTH = 128;

    private FactKey() {}

    /** Why {@code key} is not a key, or null when it is one. */
    public static String problemWith(String key) {
        int length = key.codePointCount(0, key.length());
        if (length < 1 || length > MAX_LENGTH) {
            return "must be 1-" + MAX_LENGTH + " characters";
        }
        if (!StorableText.isStorable(key) || key.codePoints().anyMatch(Character::isISOControl)) {
            return "must not contain control characters or unpaired surrogates";
        }
        if (isSpace(key.codePointAt(0)) || isSpace(key.codePointBefore(key.length()))) {
            return "must not start or end with a space";
        }
        return null;
    }

    private static boolean isSpace(int codePoint) {
        return Character.isWhitespace(codePoint) || Character.isSpaceChar(codePoint);
    }
}
