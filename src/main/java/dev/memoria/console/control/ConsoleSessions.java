package dev.memoria.console.control;

import dev.memoria.console.entity.ConsoleSession;
import dev.memoria.console.entity.ConsoleUser;
import dev.memoria.platform.control.Sha256;
import dev.memoria.platform.control.Timestamps;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** Console sign-ins: opened at login, found by cookie on each request, closed at logout or password change. */
@ApplicationScoped
@Transactional
public class ConsoleSessions {

    public static final Duration IDLE_TIMEOUT = Duration.ofMinutes(30);
    public static final Duration ABSOLUTE_TIMEOUT = Duration.ofHours(12);
    /** last_seen_at is written at most this often, not on every page view. */
    static final Duration SEEN_GRANULARITY = Duration.ofMinutes(1);

    /** A new session: the cookie's token (given to the browser only) and its CSRF token. */
    public record Opened(String token, String csrfToken) {}

    @PersistenceContext(unitName = "memoria")
    EntityManager em;

    @Inject
    Clock clock;

    public Opened open(String username) {
        String token = SessionTokens.newToken();
        String csrf = SessionTokens.newToken();
        em.persist(new ConsoleSession(Sha256.hex(token), username, csrf, Timestamps.now(clock)));
        return new Opened(token, csrf);
    }

    /** The signed-in user for the cookie's token, when the session is live and the user still exists. */
    public Optional<SignedIn> find(String token) {
        if (token == null || token.isEmpty() || token.length() > 100) {
            return Optional.empty();
        }
        ConsoleSession session = em.find(ConsoleSession.class, Sha256.hex(token));
        if (session == null) {
            return Optional.empty();
        }
        Instant now = Timestamps.now(clock);
        ConsoleUser user = em.find(ConsoleUser.class, session.username());
        if (user == null || isOver(session, now)) {
            em.remove(session);
            return Optional.empty();
        }
        if (session.lastSeenAt().plus(SEEN_GRANULARITY).isBefore(now)) {
            session.seen(now);
        }
        return Optional.of(new SignedIn(
                user.username(), user.role(), user.mustChangePassword(), session.csrfToken(), session.tokenHash()));
    }

    static boolean isOver(ConsoleSession session, Instant now) {
        return session.lastSeenAt().plus(IDLE_TIMEOUT).isBefore(now)
                || session.createdAt().plus(ABSOLUTE_TIMEOUT).isBefore(now);
    }

    public void close(String sessionHash) {
        ConsoleSession session = em.find(ConsoleSession.class, sessionHash);
        if (session != null) {
            em.remove(session);
        }
    }

    /** Ends the session a cookie's token names, if any: signing in again starts a new session, never keeps the old. */
    public void closeByToken(String token) {
        if (token != null && !token.isEmpty() && token.length() <= 100) {
            close(Sha256.hex(token));
        }
    }

    /** Signs the user out everywhere but {@code keptHash} (null: everywhere). */
    public void closeAllOf(String username, String keptHash) {
        em.createQuery("DELETE FROM ConsoleSession s WHERE s.username = :user AND s.tokenHash <> :kept")
                .setParameter("user", username)
                .setParameter("kept", keptHash == null ? "" : keptHash)
                .executeUpdate();
    }
}
