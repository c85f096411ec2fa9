-- Accounts, sessions, throttling, password resets and the mail outbox.
-- Money is integer micro-dollars; times are unix milliseconds; flags are 0/1.

CREATE TABLE users (
    id {{id}},
    name TEXT NOT NULL,
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL,
    email_lower TEXT NOT NULL UNIQUE,
    phone TEXT,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL DEFAULT 'client' CHECK (role IN ('client', 'admin')),
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'pending')),
    balance_micros {{int}} NOT NULL DEFAULT 0 CHECK (balance_micros >= 0),
    email_notifications {{int}} NOT NULL DEFAULT 1,
    sms_notifications {{int}} NOT NULL DEFAULT 0,
    session_version {{int}} NOT NULL DEFAULT 0,
    created_at {{int}} NOT NULL,
    last_login_at {{int}}
);

CREATE TABLE refresh_tokens (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    family TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    remember {{int}} NOT NULL,
    created_at {{int}} NOT NULL,
    expires_at {{int}} NOT NULL,
    rotated_at {{int}},
    revoked_at {{int}}
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

CREATE TABLE rate_events (
    id {{id}},
    bucket TEXT NOT NULL,
    at {{int}} NOT NULL
);
CREATE INDEX rate_events_bucket_at ON rate_events (bucket, at);

CREATE TABLE password_resets (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at {{int}} NOT NULL,
    expires_at {{int}} NOT NULL,
    used_at {{int}}
);

CREATE TABLE mail_outbox (
    id {{id}},
    to_addr TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'failed', 'kept')),
    attempts {{int}} NOT NULL DEFAULT 0,
    error TEXT,
    created_at {{int}} NOT NULL,
    sent_at {{int}}
);
CREATE INDEX mail_outbox_status ON mail_outbox (status, id);
