-- SMS over SMPP. A message to an SMPP carrier is charged when it is accepted, then
-- waits as `queued` for the sender task; `undelivered` is the carrier's final word that
-- it never reached the phone. claimed_until is the lease of the instance submitting it,
-- so instances sharing a database never submit one message at once.
{{sqlite CREATE TABLE sms_messages_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id),
    to_number TEXT NOT NULL,
    body TEXT NOT NULL,
    segments INTEGER NOT NULL,
    encoding TEXT NOT NULL,
    country_id INTEGER REFERENCES countries (id),
    cost_micros INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed')),
    provider TEXT NOT NULL,
    provider_id TEXT,
    error TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    idempotency_key TEXT,
    request_hash TEXT,
    from_number TEXT,
    status_callback TEXT
);
INSERT INTO sms_messages_new (id, user_id, to_number, body, segments, encoding, country_id, cost_micros,
    status, provider, provider_id, error, created_at, updated_at, idempotency_key, request_hash,
    from_number, status_callback)
SELECT id, user_id, to_number, body, segments, encoding, country_id, cost_micros,
    status, provider, provider_id, error, created_at, updated_at, idempotency_key, request_hash,
    from_number, status_callback FROM sms_messages;
DROP TABLE sms_messages;
ALTER TABLE sms_messages_new RENAME TO sms_messages;
CREATE INDEX sms_messages_user ON sms_messages (user_id, id);
CREATE INDEX sms_messages_created ON sms_messages (created_at);
CREATE UNIQUE INDEX sms_messages_idempotency ON sms_messages (user_id, idempotency_key);}}
{{postgres ALTER TABLE sms_messages DROP CONSTRAINT sms_messages_status_check;
ALTER TABLE sms_messages ADD CONSTRAINT sms_messages_status_check
    CHECK (status IN ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed'));}}
ALTER TABLE sms_messages ADD COLUMN attempts {{int}} NOT NULL DEFAULT 0;
ALTER TABLE sms_messages ADD COLUMN next_attempt_at {{int}};
ALTER TABLE sms_messages ADD COLUMN claimed_until {{int}};
CREATE INDEX sms_messages_queue ON sms_messages (status, next_attempt_at);

-- One row per part the SMSC accepted, with the message_id it answered: receipts are
-- matched by it, and a part with a row is never submitted again after a reconnect.
CREATE TABLE sms_parts (
    id {{id}},
    sms_id {{int}} NOT NULL REFERENCES sms_messages (id),
    part {{int}} NOT NULL,
    smsc_message_id TEXT NOT NULL,
    submitted_at {{int}} NOT NULL
);
CREATE UNIQUE INDEX sms_parts_part ON sms_parts (sms_id, part);
CREATE INDEX sms_parts_smsc_id ON sms_parts (smsc_message_id);

-- Messages the carrier delivered to a purchased number.
CREATE TABLE sms_inbound (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users (id),
    number_id {{int}} NOT NULL REFERENCES phone_numbers (id),
    from_number TEXT NOT NULL,
    to_number TEXT NOT NULL,
    body TEXT NOT NULL,
    segments {{int}} NOT NULL,
    created_at {{int}} NOT NULL
);
CREATE INDEX sms_inbound_user ON sms_inbound (user_id, id);
