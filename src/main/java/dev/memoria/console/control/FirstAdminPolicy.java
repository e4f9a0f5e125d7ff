package dev.memoria.console.control;

import java.util.Optional;

/**
 * Who the first console admin is when no console user exists yet: the one named by MEMORIA_ADMIN_USER /
 * MEMORIA_ADMIN_PASSWORD; without them, on the embedded database, one with a random one-time password;
 * on PostgreSQL, nobody (a production server never invents credentials), and the login page says why.
 */
public final class FirstAdminPolicy {

    public static final String ONE_TIME_ADMIN = "admin";

    public enum Kind {
        NONE_NEEDED,
        FROM_ENVIRONMENT,
        ONE_TIME_PASSWORD,
        REFUSE
    }

    /** The decision; {@code reason} explains REFUSE to the operator. */
    public record Decision(Kind kind, String username, String reason) {}

    private FirstAdminPolicy() {}

    public static Decision decide(
            long consoleUsers, Optional<String> user, Optional<String> password, boolean embeddedDatabase) {
        if (consoleUsers > 0) {
            return new Decision(Kind.NONE_NEEDED, null, null);
        }
        String name = user.map(String::strip).filter(s -> !s.isEmpty()).orElse(null);
        String secret = password.filter(s -> !s.isEmpty()).orElse(null);
        if (name != null && secret != null) {
            String nameProblem = UsernamePolicy.problemWith(name);
            if (nameProblem != null) {
                return new Decision(Kind.REFUSE, null, "MEMORIA_ADMIN_USER is not a valid user name: " + nameProblem);
            }
            String problem = PasswordPolicy.problemWith(name, secret);
            return problem == null
                    ? new Decision(Kind.FROM_ENVIRONMENT, name, null)
                    : new Decision(Kind.REFUSE, null, "MEMORIA_ADMIN_PASSWORD is refused: " + problem);
        }
        if (name != null || secret != null) {
            return new Decision(
                    Kind.REFUSE,
                    null,
                    "Set both MEMORIA_ADMIN_USER and MEMORIA_ADMIN_PASSWORD (only one of them is set), then restart.");
        }
        if (embeddedDatabase) {
            return new Decision(Kind.ONE_TIME_PASSWORD, ONE_TIME_ADMIN, null);
        }
        return new Decision(
                Kind.REFUSE,
                null,
                "No console user exists and MEMORIA_ADMIN_USER / MEMORIA_ADMIN_PASSWORD "
                        + "are not set. On PostgreSQL the server never makes up a password: set both and restart the server.");
    }

    /**
     * Why MEMORIA_ADMIN_USER / MEMORIA_ADMIN_PASSWORD do nothing on a database that already has console users (they
     * make the first admin only), or empty when they are unset or describe that admin as it is. Without this the
     * operator who set them after a first start read only "Wrong user name or password".
     */
    public static Optional<String> ignoredEnvironment(
            Optional<String> user, Optional<String> password, boolean userExists, boolean passwordMatches) {
        String name = user.map(String::strip).filter(s -> !s.isEmpty()).orElse(null);
        if (name == null) {
            return Optional.empty();
        }
        if (!userExists) {
            return Optional.of("MEMORIA_ADMIN_USER '" + name + "' is ignored: console users exist already, and the"
                    + " variables only make the first admin of a database that has none. Sign in as an existing"
                    + " admin and add '" + name + "' on the Users page.");
        }
        if (password.filter(s -> !s.isEmpty()).isPresent() && !passwordMatches) {
            return Optional.of("MEMORIA_ADMIN_PASSWORD is not the password of '" + name + "': it set the first admin's"
                    + " password once, and changing it later changes nothing. Sign in with the current password, or"
                    + " have another admin reset it on the Users page.");
        }
        return Optional.empty();
    }
}
