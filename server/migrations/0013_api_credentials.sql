-- Customer API credentials. The auth token signs webhooks, so it is kept sealed
-- (encrypted under a key derived from the server's secret) rather than only hashed;
-- requests are checked against its SHA-256. After a rotation the previous token's hash
-- stays valid until previous_valid_until. API key secrets are only ever hashed.
CREATE TABLE api_accounts (
    user_id {{int}} PRIMARY KEY REFERENCES users(id),
    account_sid TEXT NOT NULL UNIQUE,
    token_hash TEXT NOT NULL,
    token_sealed TEXT NOT NULL,
    previous_token_hash TEXT,
    previous_valid_until {{int}},
    created_at {{int}} NOT NULL,
    rotated_at {{int}}
);
CREATE TABLE api_keys (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users(id),
    sid TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    secret_hash TEXT NOT NULL,
    created_at {{int}} NOT NULL,
    last_used_at {{int}},
    revoked_at {{int}}
);
CREATE INDEX api_keys_user ON api_keys (user_id, id);

-- What the Twilio-compatible API adds to numbers and messages: a number's friendly
-- name and webhook URLs (cleared on release), a message's sender and status callback.
ALTER TABLE phone_numbers ADD COLUMN friendly_name TEXT;
ALTER TABLE phone_numbers ADD COLUMN sms_url TEXT;
ALTER TABLE phone_numbers ADD COLUMN voice_url TEXT;
ALTER TABLE phone_numbers ADD COLUMN status_callback TEXT;
ALTER TABLE sms_messages ADD COLUMN from_number TEXT;
ALTER TABLE sms_messages ADD COLUMN status_callback TEXT;
