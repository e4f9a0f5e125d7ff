-- Snapshot names may no longer be '.' or '..' (a client removes such a path segment before it sends, so
-- DELETE .../snapshots/.. cleared the whole scope). Snapshots named so before this rule get a name that is unique
-- by construction, so every one stays reachable; none is deleted.
UPDATE snapshot SET name = 'renamed-' || id WHERE name IN ('.', '..');
