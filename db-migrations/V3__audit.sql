-- Who deleted what and when: a person (the token's sub) or a job (job:ttl, job:prune, job:decay,
-- job:capacity). Only a SHA-256 digest of the deleted content is kept, never the content itself.
CREATE TABLE audit_event (
    tenant_id  VARCHAR(63)  NOT NULL,
    id         VARCHAR(36)  NOT NULL,
    at         TIMESTAMP    NOT NULL,
    actor      VARCHAR(300) NOT NULL,
    action     VARCHAR(32)  NOT NULL,
    scope_name VARCHAR(600) NOT NULL,
    fact_id    VARCHAR(36),
    digest     VARCHAR(64)  NOT NULL,
    CONSTRAINT pk_audit_event PRIMARY KEY (tenant_id, id)
);
CREATE INDEX ix_audit_event_at ON audit_event (tenant_id, at, id);
