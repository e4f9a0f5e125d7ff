-- A conversation's window (the chat memory a framework replaces whole on every turn), kept as one opaque text per
-- (scope, id): a working state, not memory, so it has no versions, log entries, postings or vectors. The id is a
-- fact key's alphabet (1-128 characters, so up to 256 UTF-16 units); the content at most 1,000,000 characters
-- (2,000,000 UTF-16 units, as H2 counts them). size is the content's length in characters.
CREATE TABLE conversation_window (
    tenant_id   VARCHAR(63)      NOT NULL,
    scope_name  VARCHAR(600)     NOT NULL,
    window_id   VARCHAR(256)     NOT NULL,
    content     VARCHAR(2000000) NOT NULL,
    size        INTEGER          NOT NULL,
    updated_at  TIMESTAMP        NOT NULL,
    CONSTRAINT pk_conversation_window PRIMARY KEY (tenant_id, scope_name, window_id)
);
