-- Calls in progress, as the switch reports them: the rate each was authorized at (its
-- cost so far needs no lookup), when it was answered, and the SIP dialog (Call-ID,
-- tags) with the address of the switch that carries it, so any instance can hang it up.
ALTER TABLE call_reservations ADD COLUMN rate_micros {{int}} NOT NULL DEFAULT 0;
ALTER TABLE call_reservations ADD COLUMN first_increment {{int}} NOT NULL DEFAULT 1;
ALTER TABLE call_reservations ADD COLUMN next_increment {{int}} NOT NULL DEFAULT 1;
ALTER TABLE call_reservations ADD COLUMN answered_at {{int}};
ALTER TABLE call_reservations ADD COLUMN sip_call_id TEXT;
ALTER TABLE call_reservations ADD COLUMN from_tag TEXT;
ALTER TABLE call_reservations ADD COLUMN to_tag TEXT;
ALTER TABLE call_reservations ADD COLUMN switch_rpc TEXT;
CREATE INDEX call_reservations_user ON call_reservations (user_id);
