-- The admin console's own identities, sessions and user-management record. Not tenant data: console
-- staff work across tenants, so these tables carry no tenant_id. Passwords are stored only as PBKDF2
-- hashes in Jakarta Security's format; sessions only as a SHA-256 of the cookie's token.
-- Text columns are twice their limits (H2 counts UTF-16 units).

CREATE TABLE console_user (
    username             VARCHAR(128) NOT NULL,
    password_hash        VARCHAR(400) NOT NULL,
    role                 VARCHAR(16)  NOT NULL,
    must_change_password BOOLEAN      NOT NULL,
    created_at           TIMESTAMP    NOT NULL,
    updated_at           TIMESTAMP    NOT NULL,
    last_login_at        TIMESTAMP,
    -- consecutive wrong passwords, and until when the next try is refused (login throttling)
    failed_logins        INTEGER      DEFAULT 0 NOT NULL,
    blocked_until        TIMESTAMP,
    CONSTRAINT pk_console_user PRIMARY KEY (username)
);

-- A signed-in browser. Kept in the database, not in one server's memory: servers behind a load
-- balancer share only the database.
CREATE TABLE console_session (
    token_hash   VARCHAR(64)  NOT NULL,
    username     VARCHAR(128) NOT NULL,
    csrf_token   VARCHAR(64)  NOT NULL,
    created_at   TIMESTAMP    NOT NULL,
    last_seen_at TIMESTAMP    NOT NULL,
    CONSTRAINT pk_console_session PRIMARY KEY (token_hash)
);
CREATE INDEX ix_console_session_user ON console_session (username);

-- Changes to console users (created, role set, password reset or changed), by whom.
CREATE TABLE console_user_event (
    id       VARCHAR(36)  NOT NULL,
    at       TIMESTAMP    NOT NULL,
    actor    VARCHAR(200) NOT NULL,
    action   VARCHAR(32)  NOT NULL,
    username VARCHAR(128) NOT NULL,
    detail   VARCHAR(200),
    CONSTRAINT pk_console_user_event PRIMARY KEY (id)
);
CREATE INDEX ix_console_user_event_at ON console_user_event (at, id);
