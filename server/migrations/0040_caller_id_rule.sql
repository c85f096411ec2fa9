-- What the switch does with a device's call whose caller ID is not one of the
-- account's active numbers (issue 43): 0 refuses it (403 Caller ID not allowed), 1
-- sends it with the device's configured caller ID instead.
ALTER TABLE users ADD COLUMN replace_caller_id {{int}} NOT NULL DEFAULT 0;
