-- The browser phone (issue 44): SIP credentials Dialtone issues to a signed-in page,
-- a device of the account (authorized, capped and billed as any) that expires. Not
-- listed with the account's devices nor named by numbers' routes: an open one rings
-- with them.
ALTER TABLE sip_devices ADD COLUMN browser {{int}} NOT NULL DEFAULT 0;
ALTER TABLE sip_devices ADD COLUMN expires_at {{int}};
