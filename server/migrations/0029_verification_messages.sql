-- Verification codes as messages (issue 43): every code the trial sends is a row of
-- sms_messages (purpose 'verification', free to the account: cost 0) with what it
-- costs the provider (the destination's SMS rate per part), so codes go out through
-- the configured carrier like any message (SMPP's queue included) and the
-- administrator sees their count and cost.
ALTER TABLE sms_messages ADD COLUMN purpose TEXT NOT NULL DEFAULT 'message';
ALTER TABLE sms_messages ADD COLUMN provider_cost_micros {{int}} NOT NULL DEFAULT 0;
CREATE INDEX sms_messages_purpose ON sms_messages (purpose, created_at);
