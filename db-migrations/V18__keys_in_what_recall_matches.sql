-- Recall now matches a fact's key by meaning as well as its content: the vectors of keyed facts were made of the
-- title and content alone. Dropping them lets the embedding backfill (run when a server starts) queue and embed
-- them again with their key; until then recall reads those facts by keyword, as it does any fact without a vector.
-- Each scope's vector epoch moves, so no server keeps a dropped vector in its cache.
UPDATE memory_scope SET vector_epoch = vector_epoch + 1
    WHERE EXISTS (SELECT 1 FROM fact f JOIN fact_vector v ON v.tenant_id = f.tenant_id AND v.fact_id = f.id
                  WHERE f.tenant_id = memory_scope.tenant_id AND f.scope_name = memory_scope.scope_name
                    AND f.fact_key IS NOT NULL);
DELETE FROM fact_vector
    WHERE EXISTS (SELECT 1 FROM fact f WHERE f.tenant_id = fact_vector.tenant_id AND f.id = fact_vector.fact_id
                    AND f.fact_key IS NOT NULL);
