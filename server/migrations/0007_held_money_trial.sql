-- Held money and the free trial.
-- A reservation remembers the call it was made for, so a CDR must match it.
ALTER TABLE call_reservations ADD COLUMN direction TEXT NOT NULL DEFAULT '';
ALTER TABLE call_reservations ADD COLUMN from_number TEXT NOT NULL DEFAULT '';
ALTER TABLE call_reservations ADD COLUMN to_number TEXT NOT NULL DEFAULT '';

-- What a call cost beyond what could be collected (a switch that ran past its limit,
-- a CDR without authorization): kept visible, never silently dropped.
ALTER TABLE calls ADD COLUMN shortfall_micros {{int}} NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN shortfall_micros {{int}} NOT NULL DEFAULT 0;

-- A retried send with the same Idempotency-Key finds the message it already sent.
ALTER TABLE sms_messages ADD COLUMN idempotency_key TEXT;
ALTER TABLE sms_messages ADD COLUMN request_hash TEXT;
CREATE UNIQUE INDEX sms_messages_idempotency ON sms_messages (user_id, idempotency_key);

-- The 7-day free trial: 'active', 'expired' (ran out) or 'converted' (first deposit);
-- NULL for accounts that never had one.
ALTER TABLE users ADD COLUMN trial_status TEXT CHECK (trial_status IN ('active', 'expired', 'converted'));
ALTER TABLE users ADD COLUMN trial_ends_at {{int}};
ALTER TABLE users ADD COLUMN trial_credit_micros {{int}} NOT NULL DEFAULT 0;
CREATE INDEX users_trial ON users (trial_status, trial_ends_at);

-- Numbers a user proved to own with a code sent by SMS: where trial credit may go.
CREATE TABLE verified_numbers (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    number TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    attempts {{int}} NOT NULL DEFAULT 0,
    created_at {{int}} NOT NULL,
    expires_at {{int}} NOT NULL,
    verified_at {{int}},
    UNIQUE (user_id, number)
);
