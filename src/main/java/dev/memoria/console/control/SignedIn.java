package dev.memoria.console.control;

import dev.memoria.console.entity.ConsoleRole;

/** The console user behind a request, as the session found them. */
public record SignedIn(
        String username, ConsoleRole role, boolean mustChangePassword, String csrfToken, String sessionHash) {

    /** How the user appears in audit logs, beside token subjects and jobs. */
    public String actor() {
        return "console:" + username;
    }

    public boolean canChange() {
        return role.canChange();
    }
}
