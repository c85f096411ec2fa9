-- Leaving cleanly (issue 46): when an account was closed. A closed account keeps its
-- row (the ledger and issued documents refer to it), with its personal data blanked.
ALTER TABLE users ADD COLUMN closed_at {{int}};
