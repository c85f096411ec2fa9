-- The call lists' totals kept as calls are recorded (in the CDR's own transaction),
-- per customer, direction and status: every filter of the lists but the free-text
-- search is a sum of a few of these rows instead of a COUNT over all calls.
CREATE TABLE call_totals (
    user_id {{int}} NOT NULL REFERENCES users (id),
    direction TEXT NOT NULL,
    status TEXT NOT NULL,
    calls {{int}} NOT NULL,
    seconds {{int}} NOT NULL,
    cost_micros {{int}} NOT NULL,
    PRIMARY KEY (user_id, direction, status)
);
INSERT INTO call_totals (user_id, direction, status, calls, seconds, cost_micros)
SELECT user_id, direction, status, COUNT(*), SUM(duration_seconds), SUM(cost_micros)
FROM calls GROUP BY user_id, direction, status;
-- Newest first with the id as tie-break, read straight off an index (keyset pages).
DROP INDEX calls_started;
CREATE INDEX calls_started_id ON calls (started_at, id);
DROP INDEX calls_user_started;
CREATE INDEX calls_user_started_id ON calls (user_id, started_at, id);
