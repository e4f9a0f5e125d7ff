-- What each erasure of a data subject removed, kept when everything else is gone: the request, who made it,
-- the scopes it reached (one per line), counts, and a SHA-256 over the removed contents, never the contents.
CREATE TABLE erasure_receipt (
    tenant_id        VARCHAR(63)     NOT NULL,
    id               VARCHAR(36)     NOT NULL,
    subject          VARCHAR(600),
    content_contains VARCHAR(4000),
    at               TIMESTAMP       NOT NULL,
    actor            VARCHAR(300)    NOT NULL,
    scopes           VARCHAR(1000000) NOT NULL,
    facts            BIGINT          NOT NULL,
    log_entries      BIGINT          NOT NULL,
    snapshots        BIGINT          NOT NULL,
    snapshot_facts   BIGINT          NOT NULL,
    digest           VARCHAR(64)     NOT NULL,
    CONSTRAINT pk_erasure_receipt PRIMARY KEY (tenant_id, id)
);
CREATE INDEX ix_erasure_receipt_at ON erasure_receipt (tenant_id, at, id);
