package dev.memoria.console.control;

import java.util.regex.Pattern;

/** Console user names: short, printable, safe in a URL path segment. */
public final class UsernamePolicy {

    public static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._@-]{0,63}");

    private UsernamePolicy() {}

    public static String problemWith(String username) {
        if (username == null || !USERNAME.matcher(username).matches()) {
            return "use 1-64 letters, digits, '.', '_', '@' or '-', starting with a letter or digit";
        }
        return null;
    }
}
