-- Calls placed through the Calls API (issue 45): the request as made, so a retried
-- request with the same Idempotency-Key places one call, and the call can be fetched
-- while it is under way (its record comes from the switch's CDR when it ends).
CREATE TABLE api_calls (
    sid TEXT PRIMARY KEY,
    user_id {{int}} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    call_id TEXT NOT NULL UNIQUE,
    idempotency_key TEXT,
    from_number TEXT NOT NULL,
    to_number TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at {{int}} NOT NULL,
    updated_at {{int}} NOT NULL
);
CREATE UNIQUE INDEX api_calls_key ON api_calls (user_id, idempotency_key);
