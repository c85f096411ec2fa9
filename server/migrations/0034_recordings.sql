-- Recordings of TwiML calls (issue 45): what <Record> captured, for the Recordings
-- resource of the Twilio-compatible API (list, fetch, the WAV, delete).
CREATE TABLE recordings (
    id {{id}},
    sid TEXT NOT NULL UNIQUE,
    user_id {{int}} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    call_sid TEXT NOT NULL,
    duration_ms {{int}} NOT NULL,
    audio {{sqlite BLOB}}{{postgres BYTEA}} NOT NULL,
    created_at {{int}} NOT NULL
);
CREATE INDEX recordings_user ON recordings (user_id, id);
CREATE INDEX recordings_call ON recordings (call_sid);
