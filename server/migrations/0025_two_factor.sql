-- Two-factor sign-in (issue 46): a TOTP secret (RFC 6238), sealed with the server
-- secret like the API auth token; the secret of an enrolment not yet confirmed; the
-- last time step a code was accepted in (a code counts once); ten single-use recovery
-- codes, kept as hashes.
ALTER TABLE users ADD COLUMN totp_secret TEXT;
ALTER TABLE users ADD COLUMN totp_pending TEXT;
ALTER TABLE users ADD COLUMN totp_last_step {{int}};
CREATE TABLE recovery_codes (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    used_at {{int}}
);
CREATE INDEX recovery_codes_user ON recovery_codes (user_id);
