-- Platform settings, the number inventory, minute packages, packages owned by
-- clients, and notifications.

CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at {{int}} NOT NULL
);
INSERT INTO settings (key, value, updated_at) VALUES
    ('setup_fee_micros', '1000000', 0),
    ('renewal_notice_days', '7', 0),
    ('grace_period_days', '7', 0),
    ('low_balance_micros', '5000000', 0),
    ('max_deposit_micros', '10000000000', 0),
    ('default_first_increment_secs', '1', 0),
    ('default_next_increment_secs', '1', 0);

CREATE TABLE phone_numbers (
    id {{id}},
    number TEXT NOT NULL UNIQUE,
    country_id {{int}} NOT NULL REFERENCES countries (id),
    number_type TEXT NOT NULL CHECK (number_type IN ('mobile', 'landline', 'tollfree')),
    status TEXT NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'reserved', 'active', 'expired', 'inactive')),
    owner_id {{int}} REFERENCES users (id),
    -- The monthly price locked in when bought.
    monthly_micros {{int}},
    purchased_at {{int}},
    renews_at {{int}},
    auto_renew {{int}} NOT NULL DEFAULT 1,
    -- The renews_at for which the renewal notice went out (one notice per period).
    notice_sent_for {{int}},
    expired_at {{int}},
    created_at {{int}} NOT NULL,
    updated_at {{int}} NOT NULL
);
CREATE INDEX phone_numbers_shop ON phone_numbers (country_id, number_type, status);
CREATE INDEX phone_numbers_owner ON phone_numbers (owner_id);
CREATE INDEX phone_numbers_renewal ON phone_numbers (status, renews_at);

CREATE TABLE packages (
    id {{id}},
    name TEXT NOT NULL,
    minutes {{int}} NOT NULL CHECK (minutes > 0),
    price_micros {{int}} NOT NULL CHECK (price_micros > 0),
    validity_days {{int}} NOT NULL CHECK (validity_days > 0),
    features TEXT NOT NULL DEFAULT '[]',
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
    sort_order {{int}} NOT NULL DEFAULT 0,
    created_at {{int}} NOT NULL,
    updated_at {{int}} NOT NULL
);
INSERT INTO packages (name, minutes, price_micros, validity_days, features, sort_order, created_at, updated_at) VALUES
    ('Basic', 100, 19990000, 30, '["100 outbound minutes","Valid for 30 days","Any active destination"]', 1, {{now_ms}}, {{now_ms}}),
    ('Standard', 300, 49990000, 60, '["300 outbound minutes","Valid for 60 days","Any active destination","Best value per minute for regular callers"]', 2, {{now_ms}}, {{now_ms}}),
    ('Premium', 750, 99990000, 90, '["750 outbound minutes","Valid for 90 days","Any active destination","Lowest price per minute"]', 3, {{now_ms}}, {{now_ms}});

CREATE TABLE user_packages (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users (id),
    package_id {{int}} REFERENCES packages (id) ON DELETE SET NULL,
    name TEXT NOT NULL,
    minutes {{int}} NOT NULL,
    -- Seconds keep per-second billing exact; the screens show minutes.
    seconds_remaining {{int}} NOT NULL CHECK (seconds_remaining >= 0),
    price_micros {{int}} NOT NULL,
    purchased_at {{int}} NOT NULL,
    expires_at {{int}} NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('active', 'expired', 'used')),
    expiry_notice_sent {{int}} NOT NULL DEFAULT 0
);
CREATE INDEX user_packages_user ON user_packages (user_id, status, expires_at);
CREATE INDEX user_packages_expiry ON user_packages (status, expires_at);

CREATE TABLE notifications (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users (id),
    kind TEXT NOT NULL,
    title TEXT NOT NULL,
    message TEXT NOT NULL,
    created_at {{int}} NOT NULL,
    read_at {{int}}
);
CREATE INDEX notifications_user ON notifications (user_id, id);

-- The inventory of section 9: numbers for US, UK and CA, from ranges reserved for
-- fiction and testing, so none belongs to a real subscriber.
INSERT INTO phone_numbers (number, country_id, number_type, created_at, updated_at)
SELECT s.number, c.id, s.number_type, {{now_ms}}, {{now_ms}} FROM (
    SELECT '' AS number, '' AS code, '' AS number_type WHERE 1 = 0
    UNION ALL SELECT * FROM (VALUES
    ('+14155550100', 'US', 'mobile'),
    ('+14155550101', 'US', 'mobile'),
    ('+14155550102', 'US', 'mobile'),
    ('+14155550103', 'US', 'mobile'),
    ('+14155550104', 'US', 'mobile'),
    ('+14155550105', 'US', 'mobile'),
    ('+14155550106', 'US', 'mobile'),
    ('+14155550107', 'US', 'mobile'),
    ('+12125550100', 'US', 'landline'),
    ('+12125550101', 'US', 'landline'),
    ('+12125550102', 'US', 'landline'),
    ('+12125550103', 'US', 'landline'),
    ('+12125550104', 'US', 'landline'),
    ('+12125550105', 'US', 'landline'),
    ('+12125550106', 'US', 'landline'),
    ('+12125550107', 'US', 'landline'),
    ('+18005550100', 'US', 'tollfree'),
    ('+18005550101', 'US', 'tollfree'),
    ('+18005550102', 'US', 'tollfree'),
    ('+18005550103', 'US', 'tollfree'),
    ('+18005550104', 'US', 'tollfree'),
    ('+18005550105', 'US', 'tollfree'),
    ('+18005550106', 'US', 'tollfree'),
    ('+18005550107', 'US', 'tollfree'),
    ('+447700900100', 'UK', 'mobile'),
    ('+447700900101', 'UK', 'mobile'),
    ('+447700900102', 'UK', 'mobile'),
    ('+447700900103', 'UK', 'mobile'),
    ('+447700900104', 'UK', 'mobile'),
    ('+447700900105', 'UK', 'mobile'),
    ('+447700900106', 'UK', 'mobile'),
    ('+447700900107', 'UK', 'mobile'),
    ('+442079460100', 'UK', 'landline'),
    ('+442079460101', 'UK', 'landline'),
    ('+442079460102', 'UK', 'landline'),
    ('+442079460103', 'UK', 'landline'),
    ('+442079460104', 'UK', 'landline'),
    ('+442079460105', 'UK', 'landline'),
    ('+442079460106', 'UK', 'landline'),
    ('+442079460107', 'UK', 'landline'),
    ('+448081570100', 'UK', 'tollfree'),
    ('+448081570101', 'UK', 'tollfree'),
    ('+448081570102', 'UK', 'tollfree'),
    ('+448081570103', 'UK', 'tollfree'),
    ('+448081570104', 'UK', 'tollfree'),
    ('+448081570105', 'UK', 'tollfree'),
    ('+448081570106', 'UK', 'tollfree'),
    ('+448081570107', 'UK', 'tollfree'),
    ('+16045550100', 'CA', 'mobile'),
    ('+16045550101', 'CA', 'mobile'),
    ('+16045550102', 'CA', 'mobile'),
    ('+16045550103', 'CA', 'mobile'),
    ('+16045550104', 'CA', 'mobile'),
    ('+16045550105', 'CA', 'mobile'),
    ('+16045550106', 'CA', 'mobile'),
    ('+16045550107', 'CA', 'mobile'),
    ('+14165550100', 'CA', 'landline'),
    ('+14165550101', 'CA', 'landline'),
    ('+14165550102', 'CA', 'landline'),
    ('+14165550103', 'CA', 'landline'),
    ('+14165550104', 'CA', 'landline'),
    ('+14165550105', 'CA', 'landline'),
    ('+14165550106', 'CA', 'landline'),
    ('+14165550107', 'CA', 'landline'),
    ('+18885550100', 'CA', 'tollfree'),
    ('+18885550101', 'CA', 'tollfree'),
    ('+18885550102', 'CA', 'tollfree'),
    ('+18885550103', 'CA', 'tollfree'),
    ('+18885550104', 'CA', 'tollfree'),
    ('+18885550105', 'CA', 'tollfree'),
    ('+18885550106', 'CA', 'tollfree'),
    ('+18885550107', 'CA', 'tollfree')
    ) AS v{{columns (number, code, number_type)}}
) s JOIN countries c ON c.code = s.code;
