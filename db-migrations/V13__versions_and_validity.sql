-- Versions, validity and supersession: a fact row is its current version; older versions live in fact_version.
-- valid_from/valid_to: when the current version was true in the world; superseded_by: the newer fact that ended
-- it. changed_at/change_kind: when and how the current version was written. attribute: the exclusive attribute
-- the content states (residence, time zone, ...), which automatic supersession looks facts up by.
ALTER TABLE fact ADD COLUMN version INTEGER DEFAULT 1 NOT NULL;
ALTER TABLE fact ADD COLUMN valid_from TIMESTAMP;
ALTER TABLE fact ADD COLUMN valid_to TIMESTAMP;
ALTER TABLE fact ADD COLUMN superseded_by VARCHAR(36);
ALTER TABLE fact ADD COLUMN changed_at TIMESTAMP;
ALTER TABLE fact ADD COLUMN change_kind VARCHAR(16) DEFAULT 'created' NOT NULL;
ALTER TABLE fact ADD COLUMN attribute VARCHAR(128);
UPDATE fact SET valid_from = created_at, changed_at = created_at;
ALTER TABLE fact ALTER COLUMN valid_from SET NOT NULL;
ALTER TABLE fact ALTER COLUMN changed_at SET NOT NULL;

-- attribute first: an index led by tenant_id would be a candidate for every lookup of a tenant's facts, and
-- PostgreSQL without statistics chose it over the primary key for reads by id
CREATE INDEX ix_fact_attribute ON fact (attribute, tenant_id, scope_name);

CREATE TABLE fact_version (
    tenant_id   VARCHAR(63)      NOT NULL,
    fact_id     VARCHAR(36)      NOT NULL,
    version     INTEGER          NOT NULL,
    scope_name  VARCHAR(600)     NOT NULL,
    title       VARCHAR(400),
    content     VARCHAR(16000)   NOT NULL,
    category    VARCHAR(128)     NOT NULL,
    fact_type   VARCHAR(16)      NOT NULL,
    importance  DOUBLE PRECISION NOT NULL,
    tags        VARCHAR(4400)    NOT NULL,
    source      VARCHAR(128)     NOT NULL,
    valid_from  TIMESTAMP        NOT NULL,
    valid_to    TIMESTAMP,
    changed_at  TIMESTAMP        NOT NULL,
    change_kind VARCHAR(16)      NOT NULL,
    CONSTRAINT pk_fact_version PRIMARY KEY (tenant_id, fact_id, version)
);

CREATE INDEX ix_fact_version_scope ON fact_version (tenant_id, scope_name, fact_id);

-- auto: a remember supersedes the current facts that state an older value of what it says; explicit: only the
-- ids a write names in "supersedes".
ALTER TABLE tenant_settings ADD COLUMN supersede VARCHAR(16) DEFAULT 'auto' NOT NULL;

-- The key index leads with the key, for the same reason: once the rows grew wider, PostgreSQL without statistics
-- read facts by id through (tenant_id, scope_name, fact_key), whose entries are small (keys are mostly null),
-- filtering the tenant's every fact instead of one primary-key lookup.
DROP INDEX ix_fact_key;
CREATE INDEX ix_fact_key ON fact (fact_key, tenant_id, scope_name);
