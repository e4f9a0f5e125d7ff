-- A deletion's audit row names what was deleted by the labels people search for, its key and title (never its
-- content). An erasure clears them on the rows of what it erases.
ALTER TABLE audit_event ADD COLUMN fact_key VARCHAR(256);
ALTER TABLE audit_event ADD COLUMN fact_title VARCHAR(400);
