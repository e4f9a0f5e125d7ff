-- The console looks audit rows up by a deleted text's digest (across tenants: "was this text deleted?") and by
-- fact (a fact's page, a search by a deleted fact's id). Each index leads with the column it is asked by, so the
-- lookup reads its few rows whatever the table's statistics say.
CREATE INDEX ix_audit_event_digest ON audit_event (digest);
CREATE INDEX ix_audit_event_fact ON audit_event (fact_id, tenant_id);
