-- Forgetting a fact deletes its daily-log entries in the same transaction, found by fact id. The id leads:
-- H2 answers an IN list of ids from an index only on its first column.
CREATE INDEX ix_log_fact ON daily_log_entry (fact_id, tenant_id);
