package dev.memoria.console.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** One change to a console user (created, role set, password reset or changed) and who made it. */
@Entity
@Table(name = "console_user_event")
public class ConsoleUserEvent {

    @Id
    private String id;

    @Column(nullable = false)
    private Instant at;

    @Column(nullable = false)
    private String actor;

    @Column(nullable = false)
    private String action;

    @Column(nullable = false)
    private String username;

    private String detail;

    protected ConsoleUserEvent() {
        // for JPA
    }

    public ConsoleUserEvent(Instant at, String actor, String action, String username, String detail) {
        this.id = UUID.randomUUID().toString();
        this.at = at;
        this.actor = actor;
        this.action = action;
        this.username = username;
        this.detail = detail;
    }

    public String id() {
        return id;
    }

    public Instant at() {
        return at;
    }

    public String actor() {
        return actor;
    }

    public String action() {
        return action;
    }

    public String username() {
        return username;
    }

    public String detail() {
        return detail;
    }
}
