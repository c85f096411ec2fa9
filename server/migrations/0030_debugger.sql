-- The Debugger (issue 45): every TwiML fetch and webhook attempt of an account, with
-- what was asked and what came back, and Twilio's error code when it went wrong.
-- Kept 30 days (the jobs delete older rows).
CREATE TABLE debugger_events (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    source TEXT NOT NULL CHECK (source IN ('twiml', 'webhook')),
    level TEXT NOT NULL CHECK (level IN ('info', 'warning', 'error')),
    code {{int}},
    call_sid TEXT,
    method TEXT NOT NULL,
    url TEXT NOT NULL,
    request TEXT NOT NULL,
    status {{int}},
    response TEXT,
    message TEXT,
    duration_ms {{int}} NOT NULL,
    created_at {{int}} NOT NULL
);
CREATE INDEX debugger_events_user ON debugger_events (user_id, id);
CREATE INDEX debugger_events_age ON debugger_events (created_at);
