-- A call's Twilio-style SID, drawn from its SIP Call-ID when the switch first asks
-- about it: the inbound-call webhook names the call before its record exists, and the
-- record must carry the same SID. (Records from before this have none; the API names
-- those by their row id.)
ALTER TABLE calls ADD COLUMN sid TEXT;
CREATE UNIQUE INDEX calls_sid ON calls (sid);
