-- Keys are any text but control characters, 1-128 characters: twice that in UTF-16 units, as for other text.
ALTER TABLE fact ALTER COLUMN fact_key SET DATA TYPE VARCHAR(256);
ALTER TABLE snapshot_fact ALTER COLUMN fact_key SET DATA TYPE VARCHAR(256);
