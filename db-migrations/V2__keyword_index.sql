-- Keyword index for BM25: one posting per (fact, term), kept in the same transaction as the fact.
-- doc_length rides along in each posting so scoring needs no join; per-scope document count and total
-- length give N and the average document length. Lookups are by equality on a key prefix: H2 does not
-- turn a parameterised IN list into index lookups.

CREATE TABLE fact_term (
    tenant_id  VARCHAR(63)  NOT NULL,
    scope_name VARCHAR(600) NOT NULL,
    term       VARCHAR(64)  NOT NULL,
    fact_id    VARCHAR(36)  NOT NULL,
    tf         INTEGER      NOT NULL,
    doc_length INTEGER      NOT NULL,
    -- minus the BM25 term-frequency weight at indexing time: the index below lists a term's best
    -- postings first, so a very common term is read only as deep as a query needs
    rank_key   DOUBLE PRECISION NOT NULL,
    CONSTRAINT pk_fact_term PRIMARY KEY (tenant_id, scope_name, term, fact_id)
);
CREATE INDEX ix_fact_term_fact ON fact_term (tenant_id, fact_id);
CREATE INDEX ix_fact_term_rank ON fact_term (tenant_id, scope_name, term, rank_key, fact_id);

-- Document frequency of each term in a scope, so idf and the rarest terms of a text are point lookups.
CREATE TABLE scope_term (
    tenant_id  VARCHAR(63)  NOT NULL,
    scope_name VARCHAR(600) NOT NULL,
    term       VARCHAR(64)  NOT NULL,
    df         BIGINT       NOT NULL,
    CONSTRAINT pk_scope_term PRIMARY KEY (tenant_id, scope_name, term)
);

ALTER TABLE memory_scope ADD COLUMN doc_count BIGINT DEFAULT 0 NOT NULL;
ALTER TABLE memory_scope ADD COLUMN total_length BIGINT DEFAULT 0 NOT NULL;
ALTER TABLE fact ADD COLUMN doc_length INTEGER DEFAULT 0 NOT NULL;
