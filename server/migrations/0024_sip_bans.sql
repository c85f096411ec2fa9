-- The SIP edge's bans (issue 43), as the switch reports them: an address that sent a
-- scanner's user agent, flooded the switch or failed too many digests gets no answer
-- (or 403) for 5 minutes. Kept for the admin to see; the switch enforces them itself.
CREATE TABLE sip_bans (
    id {{id}},
    address TEXT NOT NULL,
    reason TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    banned_at {{int}} NOT NULL,
    expires_at {{int}} NOT NULL
);
CREATE INDEX sip_bans_expires ON sip_bans (expires_at);
