package dev.memoria.console.control;

import dev.memoria.console.entity.ConsoleRole;
import dev.memoria.platform.control.DatabaseUrl;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Lock;
import jakarta.ejb.LockType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Makes the first console admin at start-up, as {@link FirstAdminPolicy} decides, after the schema is migrated. */
@Startup
@Singleton
@DependsOn("DatabaseMigration")
public class ConsoleBootstrap {

    private static final Logger LOG = Logger.getLogger(ConsoleBootstrap.class.getName());
    static final int ONE_TIME_PASSWORD_LENGTH = 20;

    @Inject
    @ConfigProperty(name = "memoria.admin.user")
    Optional<String> adminUser;

    @Inject
    @ConfigProperty(name = "memoria.admin.password")
    Optional<String> adminPassword;

    @Inject
    ConsoleUsers users;

    @Inject
    DatabaseUrl database;

    @PostConstruct
    void createFirstAdmin() {
        FirstAdminPolicy.Decision decision = decision();
        try {
            switch (decision.kind()) {
                case FROM_ENVIRONMENT -> {
                    users.create(
                            "system:bootstrap",
                            decision.username(),
                            ConsoleRole.ADMIN,
                            adminPassword.orElseThrow(),
                            false);
                    LOG.info(
                            () -> "Console: first admin '" + decision.username() + "' created from MEMORIA_ADMIN_USER");
                }
                case ONE_TIME_PASSWORD -> {
                    String password = SessionTokens.newPassword(ONE_TIME_PASSWORD_LENGTH);
                    users.create("system:bootstrap", decision.username(), ConsoleRole.ADMIN, password, true);
                    // printed once, here and nowhere else, framed so it stands out of the start-up log; it must be
                    // changed at the first sign-in
                    String rule = "=".repeat(72);
                    LOG.warning("Console: first admin created\n" + rule + "\n  Console user:       "
                            + decision.username() + "\n  One-time password:  " + password
                            + "\n  Sign in at /console and choose your own password (embedded database,"
                            + " MEMORIA_ADMIN_USER not set).\n" + rule);
                }
                case REFUSE -> LOG.severe("Console: sign-in is disabled. " + decision.reason());
                case NONE_NEEDED -> warnIfEnvironmentIgnored();
            }
        } catch (RuntimeException raced) {
            // another server sharing the database created the first admin at the same moment
            LOG.log(Level.INFO, "Console: first admin not created here: " + raced.getMessage());
        }
    }

    private void warnIfEnvironmentIgnored() {
        String name = adminUser.map(String::strip).orElse("");
        boolean exists = !name.isEmpty() && users.find(name).isPresent();
        boolean matches = exists
                && adminPassword.map(pw -> users.passwordMatches(name, pw)).orElse(true);
        FirstAdminPolicy.ignoredEnvironment(adminUser, adminPassword, exists, matches)
                .ifPresent(why -> LOG.warning("Console: " + why));
    }

    /** What the policy says now: the login page asks again, since another server may have created a user since. */
    @Lock(LockType.READ)
    public FirstAdminPolicy.Decision decision() {
        return FirstAdminPolicy.decide(users.count(), adminUser, adminPassword, database.isEmbedded());
    }
}
