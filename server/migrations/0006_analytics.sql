-- Daily aggregates kept in the same transaction as the rows they summarise, so
-- admin analytics read a few hundred rows however many calls and entries exist.

CREATE TABLE ledger_daily (
    day {{int}} NOT NULL,
    kind TEXT NOT NULL,
    amount_micros {{int}} NOT NULL,
    entries {{int}} NOT NULL,
    PRIMARY KEY (day, kind)
);
INSERT INTO ledger_daily (day, kind, amount_micros, entries)
SELECT created_at / 86400000, kind, SUM(amount_micros), COUNT(*) FROM ledger_entries GROUP BY created_at / 86400000, kind;

-- country_id 0 stands for calls to destinations without a rate.
CREATE TABLE call_daily (
    day {{int}} NOT NULL,
    country_id {{int}} NOT NULL,
    calls {{int}} NOT NULL,
    answered {{int}} NOT NULL,
    seconds {{int}} NOT NULL,
    cost_micros {{int}} NOT NULL,
    PRIMARY KEY (day, country_id)
);
INSERT INTO call_daily (day, country_id, calls, answered, seconds, cost_micros)
SELECT started_at / 86400000, COALESCE(country_id, 0), COUNT(*), SUM(CASE WHEN status = 'completed' THEN 1 ELSE 0 END),
       SUM(billable_seconds), SUM(cost_micros)
FROM calls GROUP BY started_at / 86400000, COALESCE(country_id, 0);

CREATE INDEX users_created ON users (created_at);
CREATE INDEX audit_log_action ON audit_log (action, created_at);
