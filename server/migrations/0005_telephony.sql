-- Telephony: destination prefixes for rating, call records, reservations of
-- funds for calls in progress, SMS messages, and uploaded call recordings.

-- Longest-prefix routing of E.164 numbers to countries. Most countries are their
-- calling code; Canada shares +1 with the US and is told apart by area code.
CREATE TABLE rate_prefixes (
    prefix TEXT PRIMARY KEY,
    country_id {{int}} NOT NULL REFERENCES countries (id) ON DELETE CASCADE
);
INSERT INTO rate_prefixes (prefix, country_id) SELECT calling_code, id FROM countries WHERE code <> 'CA';
INSERT INTO rate_prefixes (prefix, country_id)
SELECT s.prefix, c.id FROM (
    SELECT '' AS prefix, '' AS code WHERE 1 = 0
    UNION ALL SELECT * FROM (VALUES
    ('1204', 'CA'),
    ('1226', 'CA'),
    ('1236', 'CA'),
    ('1249', 'CA'),
    ('1250', 'CA'),
    ('1263', 'CA'),
    ('1289', 'CA'),
    ('1306', 'CA'),
    ('1343', 'CA'),
    ('1354', 'CA'),
    ('1365', 'CA'),
    ('1367', 'CA'),
    ('1368', 'CA'),
    ('1382', 'CA'),
    ('1403', 'CA'),
    ('1416', 'CA'),
    ('1418', 'CA'),
    ('1428', 'CA'),
    ('1431', 'CA'),
    ('1437', 'CA'),
    ('1438', 'CA'),
    ('1450', 'CA'),
    ('1468', 'CA'),
    ('1474', 'CA'),
    ('1506', 'CA'),
    ('1514', 'CA'),
    ('1519', 'CA'),
    ('1548', 'CA'),
    ('1579', 'CA'),
    ('1581', 'CA'),
    ('1584', 'CA'),
    ('1587', 'CA'),
    ('1600', 'CA'),
    ('1604', 'CA'),
    ('1613', 'CA'),
    ('1639', 'CA'),
    ('1647', 'CA'),
    ('1672', 'CA'),
    ('1683', 'CA'),
    ('1705', 'CA'),
    ('1709', 'CA'),
    ('1742', 'CA'),
    ('1753', 'CA'),
    ('1778', 'CA'),
    ('1780', 'CA'),
    ('1782', 'CA'),
    ('1807', 'CA'),
    ('1819', 'CA'),
    ('1825', 'CA'),
    ('1867', 'CA'),
    ('1873', 'CA'),
    ('1879', 'CA'),
    ('1902', 'CA'),
    ('1905', 'CA')
    ) AS v{{columns (prefix, code)}}
) s JOIN countries c ON c.code = s.code;

-- What calls in progress may still spend: a balance is only available net of these.
ALTER TABLE users ADD COLUMN reserved_micros {{int}} NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN reserved_package_seconds {{int}} NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN low_balance_notified {{int}} NOT NULL DEFAULT 0;

CREATE TABLE call_reservations (
    call_id TEXT PRIMARY KEY,
    user_id {{int}} NOT NULL REFERENCES users (id),
    amount_micros {{int}} NOT NULL,
    package_seconds {{int}} NOT NULL,
    created_at {{int}} NOT NULL,
    expires_at {{int}} NOT NULL
);
CREATE INDEX call_reservations_expiry ON call_reservations (expires_at);

CREATE TABLE calls (
    id {{id}},
    call_id TEXT NOT NULL UNIQUE,
    user_id {{int}} NOT NULL REFERENCES users (id),
    number_id {{int}} REFERENCES phone_numbers (id),
    direction TEXT NOT NULL CHECK (direction IN ('inbound', 'outbound')),
    from_number TEXT NOT NULL,
    to_number TEXT NOT NULL,
    country_id {{int}} REFERENCES countries (id),
    started_at {{int}} NOT NULL,
    answered_at {{int}},
    ended_at {{int}} NOT NULL,
    duration_seconds {{int}} NOT NULL,
    billable_seconds {{int}} NOT NULL,
    package_seconds {{int}} NOT NULL,
    cost_micros {{int}} NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('completed', 'failed', 'no-answer')),
    recording {{int}} NOT NULL DEFAULT 0,
    created_at {{int}} NOT NULL
);
CREATE INDEX calls_user_started ON calls (user_id, started_at);
CREATE INDEX calls_started ON calls (started_at);

CREATE TABLE sms_messages (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users (id),
    to_number TEXT NOT NULL,
    body TEXT NOT NULL,
    segments {{int}} NOT NULL,
    encoding TEXT NOT NULL,
    country_id {{int}} REFERENCES countries (id),
    cost_micros {{int}} NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('sending', 'sent', 'delivered', 'failed')),
    provider TEXT NOT NULL,
    provider_id TEXT,
    error TEXT,
    created_at {{int}} NOT NULL,
    updated_at {{int}} NOT NULL
);
CREATE INDEX sms_messages_user ON sms_messages (user_id, id);
CREATE INDEX sms_messages_created ON sms_messages (created_at);
