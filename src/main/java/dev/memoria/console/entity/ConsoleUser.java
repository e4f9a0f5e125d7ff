package dev.memoria.console.entity;

import jakarta.persistence.Cacheable;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A member of the support team who signs in to the console. Not tenant data. */
// never from the shared cache: a sign-out, role change or password reset on one server holds on all of them
@Cacheable(false)
@Entity
@Table(name = "console_user")
public class ConsoleUser {

    @Id
    private String username;

    @Column(name = "password_hash", nullable = false)
    private String passwordHash;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private ConsoleRole role;

    @Column(name = "must_change_password", nullable = false)
    private boolean mustChangePassword;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;

    @Column(name = "last_login_at")
    private Instant lastLoginAt;

    @Column(name = "failed_logins", nullable = false)
    private int failedLogins;

    protected ConsoleUser() {
        // for JPA
    }

    public ConsoleUser(
            String username, String passwordHash, ConsoleRole role, boolean mustChangePassword, Instant now) {
        this.username = username;
        this.passwordHash = passwordHash;
        this.role = role;
        this.mustChangePassword = mustChangePassword;
        this.createdAt = now;
        this.updatedAt = now;
    }

    public void password(String hash, boolean mustChange, Instant now) {
        this.passwordHash = hash;
        this.mustChangePassword = mustChange;
        this.failedLogins = 0;
        this.updatedAt = now;
    }

    /** The same password, hashed again with today's stronger settings. */
    public void rehashed(String hash) {
        this.passwordHash = hash;
    }

    public void role(ConsoleRole role, Instant now) {
        this.role = role;
        this.updatedAt = now;
    }

    public void loggedIn(Instant now) {
        lastLoginAt = now;
        failedLogins = 0;
    }

    /** Counted for the users page; who may try again is the sign-in throttle's decision, never the account's. */
    public void failedLogin() {
        failedLogins++;
    }

    public String username() {
        return username;
    }

    public String passwordHash() {
        return passwordHash;
    }

    public ConsoleRole role() {
        return role;
    }

    public boolean mustChangePassword() {
        return mustChangePassword;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant lastLoginAt() {
        return lastLoginAt;
    }

    public int failedLogins() {
        return failedLogins;
    }
}
