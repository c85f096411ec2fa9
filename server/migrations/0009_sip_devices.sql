-- SIP devices: a customer's phones and softphones. The password is never stored:
-- ha1 is MD5(username:realm:password), what digest authentication checks against.
CREATE TABLE sip_devices (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users(id),
    username TEXT NOT NULL UNIQUE,
    ha1 TEXT NOT NULL,
    caller_id TEXT NOT NULL,
    created_at {{int}} NOT NULL,
    -- The last registration the switch reported: contact, source address, when, until.
    contact TEXT,
    registered_from TEXT,
    registered_at {{int}},
    registration_expires_at {{int}}
);
CREATE INDEX sip_devices_user ON sip_devices (user_id);
