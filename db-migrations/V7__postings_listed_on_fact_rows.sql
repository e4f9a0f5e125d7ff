-- Each fact lists its own postings ("term tf rank_key", space-separated: an analyzed term holds no space),
-- so removing a fact, or completing its score, reads its row instead of an index of fact_term by fact.
-- That index was a third of inserting a batch's postings on PostgreSQL and one of three B-trees per
-- posting on H2; the rank index now finds a posting to delete by (term, rank_key, fact_id).
ALTER TABLE fact ADD COLUMN index_terms VARCHAR(1000000) DEFAULT '' NOT NULL;
UPDATE fact SET index_terms = COALESCE((SELECT STRING_AGG(t.term || ' ' || t.tf || ' ' || t.rank_key, ' ')
    FROM fact_term t WHERE t.fact_id = fact.id AND t.tenant_id = fact.tenant_id), '');
ALTER TABLE fact_term DROP CONSTRAINT pk_fact_term;
