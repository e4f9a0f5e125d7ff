-- Memoria schema, version 1. Runs unchanged on H2 (MODE=LEGACY) and PostgreSQL.
-- Every table leads its primary key and unique keys with tenant_id, so every row and every lookup
-- belongs to exactly one tenant (and a Citus distribution by tenant_id needs no change).
-- Text columns are twice the API's character limits: H2 counts UTF-16 units, so 8000 emoji take 16000.

CREATE TABLE tenant_settings (
    tenant_id           VARCHAR(63)      NOT NULL,
    max_log_days        INTEGER          NOT NULL,
    max_context_entries INTEGER          NOT NULL,
    dedupe_threshold    DOUBLE PRECISION NOT NULL,
    max_facts_per_scope INTEGER          NOT NULL,
    forget_below        DOUBLE PRECISION NOT NULL,
    updated_at          TIMESTAMP        NOT NULL,
    CONSTRAINT pk_tenant_settings PRIMARY KEY (tenant_id)
);

CREATE TABLE memory_scope (
    tenant_id  VARCHAR(63)  NOT NULL,
    scope_name VARCHAR(600) NOT NULL,
    created_at TIMESTAMP    NOT NULL,
    updated_at TIMESTAMP    NOT NULL,
    CONSTRAINT pk_memory_scope PRIMARY KEY (tenant_id, scope_name)
);

CREATE TABLE fact (
    tenant_id        VARCHAR(63)      NOT NULL,
    id               VARCHAR(36)      NOT NULL,
    scope_name       VARCHAR(600)     NOT NULL,
    fact_key         VARCHAR(128),
    title            VARCHAR(400),
    content          VARCHAR(16000)    NOT NULL,
    category         VARCHAR(128)      NOT NULL,
    fact_type        VARCHAR(16)      NOT NULL,
    importance       DOUBLE PRECISION NOT NULL,
    persistent       BOOLEAN          NOT NULL,
    tags             VARCHAR(4400)    NOT NULL,
    source           VARCHAR(128)      NOT NULL,
    created_at       TIMESTAMP        NOT NULL,
    updated_at       TIMESTAMP        NOT NULL,
    last_accessed_at TIMESTAMP,
    access_count     INTEGER          NOT NULL,
    expires_at       TIMESTAMP,
    CONSTRAINT pk_fact PRIMARY KEY (tenant_id, id)
);
-- A key is unique within its scope. Not a UNIQUE constraint: H2 checks one over mostly-NULL keys by
-- scanning every NULL row (quadratic ingest). Writers of a scope are serialised on its memory_scope row,
-- and FactService checks the key under that lock.
CREATE INDEX ix_fact_key ON fact (tenant_id, scope_name, fact_key);
CREATE INDEX ix_fact_scope_created ON fact (tenant_id, scope_name, created_at, id);
CREATE INDEX ix_fact_expires ON fact (expires_at);

CREATE TABLE daily_log_entry (
    tenant_id  VARCHAR(63)   NOT NULL,
    id         VARCHAR(36)   NOT NULL,
    scope_name VARCHAR(600)  NOT NULL,
    log_day    DATE          NOT NULL,
    logged_at  TIMESTAMP     NOT NULL,
    category   VARCHAR(128)   NOT NULL,
    content    VARCHAR(16000) NOT NULL,
    persistent BOOLEAN       NOT NULL,
    fact_id    VARCHAR(36),
    CONSTRAINT pk_daily_log_entry PRIMARY KEY (tenant_id, id)
);
CREATE INDEX ix_log_scope_time ON daily_log_entry (tenant_id, scope_name, logged_at);
CREATE INDEX ix_log_scope_day ON daily_log_entry (tenant_id, scope_name, log_day);

CREATE TABLE snapshot (
    tenant_id  VARCHAR(63)  NOT NULL,
    id         VARCHAR(36)  NOT NULL,
    scope_name VARCHAR(600) NOT NULL,
    name       VARCHAR(64)  NOT NULL,
    created_at TIMESTAMP    NOT NULL,
    fact_count INTEGER      NOT NULL,
    CONSTRAINT pk_snapshot PRIMARY KEY (tenant_id, id),
    CONSTRAINT uq_snapshot_name UNIQUE (tenant_id, scope_name, name)
);

-- A frozen copy of each fact as it was when the snapshot was taken.
CREATE TABLE snapshot_fact (
    tenant_id        VARCHAR(63)      NOT NULL,
    snapshot_id      VARCHAR(36)      NOT NULL,
    fact_id          VARCHAR(36)      NOT NULL,
    fact_key         VARCHAR(128),
    title            VARCHAR(400),
    content          VARCHAR(16000)    NOT NULL,
    category         VARCHAR(128)      NOT NULL,
    fact_type        VARCHAR(16)      NOT NULL,
    importance       DOUBLE PRECISION NOT NULL,
    persistent       BOOLEAN          NOT NULL,
    tags             VARCHAR(4400)    NOT NULL,
    source           VARCHAR(128)      NOT NULL,
    created_at       TIMESTAMP        NOT NULL,
    updated_at       TIMESTAMP        NOT NULL,
    last_accessed_at TIMESTAMP,
    access_count     INTEGER          NOT NULL,
    expires_at       TIMESTAMP,
    CONSTRAINT pk_snapshot_fact PRIMARY KEY (tenant_id, snapshot_id, fact_id)
);
