-- The Debugger also lists the errors an account's Twilio API requests got (issue 45):
-- source 'api'.
{{sqlite CREATE TABLE debugger_events_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    source TEXT NOT NULL CHECK (source IN ('twiml', 'webhook', 'api')),
    level TEXT NOT NULL CHECK (level IN ('info', 'warning', 'error')),
    code INTEGER,
    call_sid TEXT,
    method TEXT NOT NULL,
    url TEXT NOT NULL,
    request TEXT NOT NULL,
    status INTEGER,
    response TEXT,
    message TEXT,
    duration_ms INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
INSERT INTO debugger_events_new (id, user_id, source, level, code, call_sid, method, url, request,
    status, response, message, duration_ms, created_at)
SELECT id, user_id, source, level, code, call_sid, method, url, request,
    status, response, message, duration_ms, created_at FROM debugger_events;
DROP TABLE debugger_events;
ALTER TABLE debugger_events_new RENAME TO debugger_events;
CREATE INDEX debugger_events_user ON debugger_events (user_id, id);
CREATE INDEX debugger_events_age ON debugger_events (created_at);}}
{{postgres ALTER TABLE debugger_events DROP CONSTRAINT debugger_events_source_check;
ALTER TABLE debugger_events ADD CONSTRAINT debugger_events_source_check
    CHECK (source IN ('twiml', 'webhook', 'api'));}}
