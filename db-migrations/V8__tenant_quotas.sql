-- Quotas an operator set for one tenant in the console, over the server-wide defaults of the configuration.
-- A NULL limit keeps the default; -1 is unlimited. A write that counts a tenant's facts or scopes against a
-- limit locks this row first, so that two writers of one tenant cannot both pass the last free place.
CREATE TABLE tenant_quota (
    tenant_id                   VARCHAR(63)  NOT NULL,
    requests_per_second         BIGINT,
    burst                       BIGINT,
    subject_requests_per_second BIGINT,
    subject_burst               BIGINT,
    max_facts                   BIGINT,
    max_scopes                  BIGINT,
    updated_at                  TIMESTAMP    NOT NULL,
    updated_by                  VARCHAR(300),
    CONSTRAINT pk_tenant_quota PRIMARY KEY (tenant_id)
);
