-- Names a client chooses may no longer be '.' or '..' (a client removes such a path segment before it sends, so
-- DELETE .../snapshots/.. cleared the whole scope). Rows named so before this rule get a name that is unique by
-- construction, so every one of them stays reachable; none is deleted.
UPDATE snapshot SET name = 'renamed-' || id WHERE name IN ('.', '..');
UPDATE fact SET fact_key = 'renamed-' || id WHERE fact_key IN ('.', '..');
UPDATE snapshot_fact SET fact_key = 'renamed-' || fact_id WHERE fact_key IN ('.', '..');
UPDATE conversation_window SET window_id = 'renamed-dot-' || CAST(LENGTH(window_id) AS VARCHAR(1))
    WHERE window_id IN ('.', '..');
