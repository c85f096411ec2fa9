-- Geo permissions (issue 43): the countries each account may call and text, as
-- space-separated ISO 3166 codes (NULL: core's default set, for accounts made before
-- this); customers' requests for a blocked country, answered by an administrator.
-- The administrator's default sets and high-risk prefixes are rows of `settings`.
ALTER TABLE users ADD COLUMN voice_countries TEXT;
ALTER TABLE users ADD COLUMN sms_countries TEXT;
CREATE TABLE permission_requests (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    channel TEXT NOT NULL CHECK (channel IN ('voice', 'sms')),
    country TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
    created_at {{int}} NOT NULL,
    decided_at {{int}},
    decided_by {{int}}
);
CREATE UNIQUE INDEX permission_requests_waiting ON permission_requests (user_id, channel, country)
    WHERE status = 'pending';
CREATE INDEX permission_requests_status ON permission_requests (status, id);
