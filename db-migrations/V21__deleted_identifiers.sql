-- What support may confirm of a deletion without any deleted text kept: keyed digests (HMAC-SHA-256 under the
-- tenant's own key) of the deleted content, normalised, and of the identifiers in it (phone numbers by their
-- digits, e-mail addresses, long numbers, names), as "kind:digest" words. An erasure clears them in the scopes it
-- reaches; the key goes with the tenant's data.
ALTER TABLE audit_event ADD COLUMN identifiers VARCHAR(4000);

CREATE TABLE audit_key (
    tenant_id   VARCHAR(63)  NOT NULL,
    secret      VARCHAR(64)  NOT NULL,
    created_at  TIMESTAMP    NOT NULL,
    CONSTRAINT pk_audit_key PRIMARY KEY (tenant_id)
);
