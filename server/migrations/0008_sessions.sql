-- Sessions and accounts.

-- Fixed-window rate limits: one row per bucket; a slot is taken in one atomic
-- upsert before any expensive work (see throttle.rs).
CREATE TABLE rate_limits (
    bucket TEXT PRIMARY KEY,
    window_start {{int}} NOT NULL,
    hits {{int}} NOT NULL
);
CREATE INDEX rate_limits_window ON rate_limits (window_start);

-- Call recordings live under an id the server draws (the file name), never under a
-- name derived from the switch's callId, which is kept here exactly as sent.
CREATE TABLE call_recordings (
    id TEXT PRIMARY KEY,
    call_id TEXT NOT NULL UNIQUE,
    created_at {{int}} NOT NULL
);

-- The sliding-window event log that rate_limits replaces.
DROP TABLE rate_events;
