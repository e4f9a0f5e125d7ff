package dev.memoria.console.control;

import dev.memoria.console.entity.ConsoleRole;
import dev.memoria.console.entity.ConsoleUser;
import dev.memoria.console.entity.ConsoleUserEvent;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Console users: sign-in checks, creation, roles and passwords; every change is recorded with its actor. */
@ApplicationScoped
@Transactional
public class ConsoleUsers {

    public enum LoginOutcome {
        SIGNED_IN,
        WRONG_CREDENTIALS
    }

    /** The outcome, and on success the user and the proof their browser keeps that it signed in as them. */
    public record Login(LoginOutcome outcome, String username, String deviceProof) {}

    /** A user as the users page lists them. */
    public record UserRow(
            String username,
            String role,
            boolean mustChangePassword,
            Instant createdAt,
            Instant lastLoginAt,
            int failedLogins) {}

    @PersistenceContext(unitName = "memoria")
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    ConsoleSessions sessions;

    @Inject
    PasswordHasher hasher;

    public long count() {
        return em.createQuery("SELECT COUNT(u) FROM ConsoleUser u", Long.class).getSingleResult();
    }

    public Optional<ConsoleUser> find(String username) {
        return username == null ? Optional.empty() : Optional.ofNullable(em.find(ConsoleUser.class, username));
    }

    /**
     * Checks a password, an unknown name at the same cost as a known one. Whether the caller may try at all is the
     * sign-in throttle's decision (per client and per name), made before this, so an account is never locked.
     */
    public Login login(String username, String password) {
        Instant now = Timestamps.now(clock);
        ConsoleUser user = find(username == null ? null : username.strip()).orElse(null);
        if (user == null) {
            hasher.verifyDecoy(password);
            return new Login(LoginOutcome.WRONG_CREDENTIALS, null, null);
        }
        if (!hasher.verify(password, user.passwordHash())) {
            user.failedLogin();
            return new Login(LoginOutcome.WRONG_CREDENTIALS, null, null);
        }
        user.loggedIn(now);
        if (hasher.isOutdated(user.passwordHash())) {
            user.rehashed(hasher.hash(password));
        }
        return new Login(LoginOutcome.SIGNED_IN, user.username(), DeviceProof.of(user));
    }

    /** True when {@code proof} is what a browser that signed in as {@code username} since its last password change keeps. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public boolean provesDevice(String username, String proof) {
        return proof != null
                && find(username).map(user -> DeviceProof.matches(user, proof)).orElse(false);
    }

    /** Whether {@code password} is the user's, without counting a failure (an operator's check at start-up). */
    @Transactional(Transactional.TxType.SUPPORTS)
    public boolean passwordMatches(String username, String password) {
        return find(username)
                .map(user -> hasher.verify(password, user.passwordHash()))
                .orElse(false);
    }

    /** Creates a user who must choose their own password at first sign-in. */
    public void create(String actor, String username, ConsoleRole role, String temporaryPassword, boolean mustChange) {
        String nameProblem = UsernamePolicy.problemWith(username);
        if (nameProblem != null) {
            throw DomainException.invalid("username", nameProblem);
        }
        requireAcceptable(username, temporaryPassword);
        if (find(username).isPresent()) {
            throw DomainException.conflict("A console user named '" + username + "' already exists.");
        }
        Instant now = Timestamps.now(clock);
        em.persist(new ConsoleUser(username, hasher.hash(temporaryPassword), role, mustChange, now));
        record(actor, "create_user", username, "role " + role.wireName(), now);
    }

    public void setRole(String actor, String username, ConsoleRole role) {
        ConsoleUser user = existing(username);
        if (user.role() == role) {
            return;
        }
        if (user.role() == ConsoleRole.ADMIN && countAdmins() <= 1) {
            throw DomainException.conflict("'" + username + "' is the last admin: make someone else admin first.");
        }
        Instant now = Timestamps.now(clock);
        user.role(role, now);
        record(actor, "set_role", username, "role " + role.wireName(), now);
    }

    /** An admin sets a temporary password: the user must change it, and is signed out everywhere. */
    public void resetPassword(String actor, String username, String temporaryPassword) {
        ConsoleUser user = existing(username);
        requireAcceptable(username, temporaryPassword);
        Instant now = Timestamps.now(clock);
        user.password(hasher.hash(temporaryPassword), true, now);
        sessions.closeAllOf(username, null);
        record(actor, "reset_password", username, null, now);
    }

    /** The user's own change; other sessions of the user end, the current one stays. */
    public void changeOwnPassword(SignedIn me, String current, String chosen) {
        ConsoleUser user = existing(me.username());
        if (!hasher.verify(current, user.passwordHash())) {
            throw DomainException.invalid("current_password", "is not your current password");
        }
        requireAcceptable(me.username(), chosen);
        if (chosen.equals(current)) {
            throw DomainException.invalid("new_password", "must differ from the current password");
        }
        Instant now = Timestamps.now(clock);
        user.password(hasher.hash(chosen), false, now);
        sessions.closeAllOf(me.username(), me.sessionHash());
        record(me.actor(), "change_password", me.username(), null, now);
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public List<UserRow> list(int offset, int limit) {
        return em
                .createQuery("SELECT u FROM ConsoleUser u ORDER BY u.username", ConsoleUser.class)
                .setFirstResult(offset)
                .setMaxResults(limit)
                .getResultList()
                .stream()
                .map(u -> new UserRow(
                        u.username(),
                        u.role().wireName(),
                        u.mustChangePassword(),
                        u.createdAt(),
                        u.lastLoginAt(),
                        u.failedLogins()))
                .toList();
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public List<ConsoleUserEvent> events(int offset, int limit) {
        return em.createQuery("SELECT e FROM ConsoleUserEvent e ORDER BY e.at DESC, e.id DESC", ConsoleUserEvent.class)
                .setFirstResult(offset)
                .setMaxResults(limit)
                .getResultList();
    }

    private long countAdmins() {
        return em.createQuery("SELECT COUNT(u) FROM ConsoleUser u WHERE u.role = :role", Long.class)
                .setParameter("role", ConsoleRole.ADMIN)
                .getSingleResult();
    }

    private ConsoleUser existing(String username) {
        return find(username).orElseThrow(() -> DomainException.notFound("No console user named '" + username + "'."));
    }

    private static void requireAcceptable(String username, String password) {
        String problem = PasswordPolicy.problemWith(username, password);
        if (problem != null) {
            throw DomainException.invalid("password", problem);
        }
    }

    private void record(String actor, String action, String username, String detail, Instant now) {
        em.persist(new ConsoleUserEvent(now, actor, action, username, detail));
    }
}
