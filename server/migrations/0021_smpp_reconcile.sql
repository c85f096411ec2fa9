-- SMPP reconciliation (issue 21). uncertain_since: a part of this message was submitted
-- and its submit_sm_resp never came (the link dropped, or the response timed out), so
-- the SMSC may hold it. Until a delivery receipt names it (matched by addresses and the
-- receipt's text) or the grace period runs out, the message is not submitted again.
ALTER TABLE sms_messages ADD COLUMN uncertain_since {{int}};

-- The parts of a long inbound message (UDH concatenation, 8- or 16-bit reference) that
-- have arrived; once all have, they are joined into one sms_inbound row and deleted.
CREATE TABLE sms_inbound_parts (
    id {{id}},
    from_number TEXT NOT NULL,
    to_number TEXT NOT NULL,
    reference {{int}} NOT NULL,
    total {{int}} NOT NULL,
    part {{int}} NOT NULL,
    body TEXT NOT NULL,
    received_at {{int}} NOT NULL
);
CREATE UNIQUE INDEX sms_inbound_parts_part
    ON sms_inbound_parts (from_number, to_number, reference, total, part);
