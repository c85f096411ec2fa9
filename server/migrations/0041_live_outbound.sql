-- An account's outbound calls in progress, kept on its row beside reserved_micros
-- (issue 43's concurrency limit): counting call_reservations per call was an index
-- scan over every reservation the account's calls had made and deleted since the last
-- vacuum (15,000 dead entries, 1.3 ms, twice per call, after 12,000 calls of one
-- account on PostgreSQL). The hold adds one, the release takes it off.
ALTER TABLE users ADD COLUMN live_outbound {{int}} NOT NULL DEFAULT 0;
UPDATE users SET live_outbound = (SELECT COUNT(*) FROM call_reservations c
    WHERE c.user_id = users.id AND c.direction = 'outbound');
