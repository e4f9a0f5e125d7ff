package dev.memoria.console.control;

/** What a console password must be: long enough to resist guessing, and not the user's own name. */
public final class PasswordPolicy {

    public static final int MIN_LENGTH = 12;
    public static final int MAX_LENGTH = 200;

    private PasswordPolicy() {}

    /** Why {@code password} is refused, or null when it is acceptable. */
    public static String problemWith(String username, String password) {
        if (password == null || password.isEmpty()) {
            return "Enter a password.";
        }
        int length = password.codePointCount(0, password.length());
        if (length < MIN_LENGTH) {
            return "A password needs at least " + MIN_LENGTH + " characters.";
        }
        if (length > MAX_LENGTH) {
            return "A password may have at most " + MAX_LENGTH + " characters.";
        }
        if (password.strip().equalsIgnoreCase(username)) {
            return "A password must not be the user name.";
        }
        return null;
    }
}
