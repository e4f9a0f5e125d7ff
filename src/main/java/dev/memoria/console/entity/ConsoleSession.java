package dev.memoria.console.entity;

import jakarta.persistence.Cacheable;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A signed-in browser, found by the SHA-256 of its cookie token (a database leak hands out no session). */
// never from the shared cache: a sign-out, role change or password reset on one server holds on all of them
@Cacheable(false)
@Entity
@Table(name = "console_session")
public class ConsoleSession {

    @Id
    @Column(name = "token_hash")
    private String tokenHash;

    @Column(nullable = false)
    private String username;

    @Column(name = "csrf_token", nullable = false)
    private String csrfToken;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "last_seen_at", nullable = false)
    private Instant lastSeenAt;

    protected ConsoleSession() {
        // for JPA
    }

    public ConsoleSession(String tokenHash, String username, String csrfToken, Instant now) {
        this.tokenHash = tokenHash;
        this.username = username;
        this.csrfToken = csrfToken;
        this.createdAt = now;
        this.lastSeenAt = now;
    }

    public void seen(Instant now) {
        lastSeenAt = now;
    }

    public String tokenHash() {
        return tokenHash;
    }

    public String username() {
        return username;
    }

    public String csrfToken() {
        return csrfToken;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant lastSeenAt() {
        return lastSeenAt;
    }
}
