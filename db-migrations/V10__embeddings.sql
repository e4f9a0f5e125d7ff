-- Recall by meaning. Each embedded fact has a vector per model in use, tagged with the model that made it;
-- a server recalls with its own model's vectors only (two models share a cluster during a rolling change). Vectors are unit length, stored as little-endian float32 bytes (no extension needed on
-- either database). text_hash is the SHA-256 of the text embedded: a fact queued again with the same text and
-- model is not embedded again. seq is the scope's vector_seq when the vector was written, so a server's cache
-- of a scope's vectors catches up by reading only what is newer.
CREATE TABLE fact_vector (
    tenant_id  VARCHAR(63)  NOT NULL,
    fact_id    VARCHAR(36)  NOT NULL,
    scope_name VARCHAR(600) NOT NULL,
    model      VARCHAR(200) NOT NULL,
    text_hash  VARCHAR(64)  NOT NULL,
    seq        BIGINT       NOT NULL,
    vector     BYTEA        NOT NULL,
    CONSTRAINT pk_fact_vector PRIMARY KEY (fact_id, tenant_id, model)
);
CREATE INDEX ix_fact_vector_scope ON fact_vector (tenant_id, scope_name, seq);

-- Facts waiting for a vector of a model, written in the transaction that made or changed them (a row for each
-- model in use); drained behind the writes by whichever server of that model claims a row first
-- (claimed_until lets another take over a claim left behind).
CREATE TABLE embedding_queue (
    tenant_id     VARCHAR(63)  NOT NULL,
    fact_id       VARCHAR(36)  NOT NULL,
    model         VARCHAR(200) NOT NULL,
    scope_name    VARCHAR(600) NOT NULL,
    queued_at     TIMESTAMP    NOT NULL,
    claimed_by    VARCHAR(100),
    claimed_until TIMESTAMP,
    attempts      INTEGER      DEFAULT 0 NOT NULL,
    CONSTRAINT pk_embedding_queue PRIMARY KEY (fact_id, tenant_id, model)
);
CREATE INDEX ix_embedding_queue_due ON embedding_queue (model, queued_at);
CREATE INDEX ix_embedding_queue_scope ON embedding_queue (tenant_id, scope_name);

-- The models the cluster's servers embed with, each seen by its servers every minute: writes queue their facts
-- for every model seen lately, and a model no server has used for a day has its vectors and queue removed.
CREATE TABLE embedding_model (
    model   VARCHAR(200) NOT NULL,
    seen_at TIMESTAMP    NOT NULL,
    CONSTRAINT pk_embedding_model PRIMARY KEY (model)
);

-- vector_seq counts the vectors written to the scope; vector_epoch moves when vectors go in bulk (a restore,
-- a clear, an erasure), telling every server to reload the scope's vectors instead of catching up.
ALTER TABLE memory_scope ADD COLUMN vector_seq BIGINT DEFAULT 0 NOT NULL;
ALTER TABLE memory_scope ADD COLUMN vector_epoch BIGINT DEFAULT 0 NOT NULL;

ALTER TABLE tenant_settings ADD COLUMN semantic_recall BOOLEAN DEFAULT TRUE NOT NULL;
