-- Countries with their per-minute and per-message rates, monthly number prices per
-- type, contact messages, and the audit log of administrator actions.

CREATE TABLE countries (
    id {{id}},
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    flag TEXT NOT NULL DEFAULT '',
    calling_code TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
    inbound_rate_micros {{int}} NOT NULL CHECK (inbound_rate_micros >= 0),
    outbound_rate_micros {{int}} NOT NULL CHECK (outbound_rate_micros >= 0),
    sms_rate_micros {{int}} NOT NULL CHECK (sms_rate_micros >= 0),
    first_increment_secs {{int}} NOT NULL DEFAULT 1 CHECK (first_increment_secs > 0),
    next_increment_secs {{int}} NOT NULL DEFAULT 1 CHECK (next_increment_secs > 0),
    sort_order {{int}} NOT NULL DEFAULT 0,
    updated_at {{int}} NOT NULL
);

-- A missing row means the country has no numbers of that type.
CREATE TABLE number_prices (
    country_id {{int}} NOT NULL REFERENCES countries (id) ON DELETE CASCADE,
    number_type TEXT NOT NULL CHECK (number_type IN ('mobile', 'landline', 'tollfree')),
    monthly_micros {{int}} NOT NULL CHECK (monthly_micros >= 0),
    -- Whether clients can buy this type here (prices may be listed before numbers are).
    purchasable {{int}} NOT NULL DEFAULT 1,
    PRIMARY KEY (country_id, number_type)
);

CREATE TABLE contact_messages (
    id {{id}},
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    created_at {{int}} NOT NULL,
    handled_at {{int}},
    handled_by {{int}} REFERENCES users (id)
);
CREATE INDEX contact_messages_open ON contact_messages (handled_at, id);

CREATE TABLE audit_log (
    id {{id}},
    actor_id {{int}} REFERENCES users (id),
    action TEXT NOT NULL,
    target_type TEXT NOT NULL,
    target_id TEXT NOT NULL,
    before_json TEXT,
    after_json TEXT,
    created_at {{int}} NOT NULL
);
CREATE INDEX audit_log_created ON audit_log (created_at);
CREATE INDEX audit_log_actor ON audit_log (actor_id, created_at);

-- Section 9 of the spec: the ten countries of the pricing page. US, UK and CA prices
-- are the spec's; the others sit inside its ranges (numbers $1.89-$6.49 a month,
-- inbound $0.014-$0.04, outbound $0.019-$0.05 a minute). JP has no landline, BR no
-- toll-free; CN and IN are listed but not yet sold.
INSERT INTO countries (code, name, flag, calling_code, inbound_rate_micros, outbound_rate_micros, sms_rate_micros, sort_order, updated_at) VALUES
    ('US', 'United States', '🇺🇸', '1', 15000, 20000, 10000, 1, {{now_ms}}),
    ('UK', 'United Kingdom', '🇬🇧', '44', 18000, 25000, 40000, 2, {{now_ms}}),
    ('DE', 'Germany', '🇩🇪', '49', 20000, 28000, 65000, 3, {{now_ms}}),
    ('FR', 'France', '🇫🇷', '33', 20000, 27000, 60000, 4, {{now_ms}}),
    ('AU', 'Australia', '🇦🇺', '61', 25000, 35000, 55000, 5, {{now_ms}}),
    ('JP', 'Japan', '🇯🇵', '81', 35000, 45000, 70000, 6, {{now_ms}}),
    ('CA', 'Canada', '🇨🇦', '1', 14000, 19000, 10000, 7, {{now_ms}}),
    ('BR', 'Brazil', '🇧🇷', '55', 30000, 40000, 50000, 8, {{now_ms}}),
    ('CN', 'China', '🇨🇳', '86', 32000, 42000, 45000, 9, {{now_ms}}),
    ('IN', 'India', '🇮🇳', '91', 40000, 50000, 35000, 10, {{now_ms}});

INSERT INTO number_prices (country_id, number_type, monthly_micros, purchasable)
SELECT c.id, p.number_type, p.monthly_micros, CASE WHEN c.code IN ('CN', 'IN') THEN 0 ELSE 1 END
FROM countries c JOIN (
    SELECT 'US' AS code, 'mobile' AS number_type, 2990000 AS monthly_micros
    UNION ALL SELECT 'US', 'landline', 1990000 UNION ALL SELECT 'US', 'tollfree', 3990000
    UNION ALL SELECT 'UK', 'mobile', 2490000 UNION ALL SELECT 'UK', 'landline', 3490000 UNION ALL SELECT 'UK', 'tollfree', 4490000
    UNION ALL SELECT 'DE', 'mobile', 3490000 UNION ALL SELECT 'DE', 'landline', 2990000 UNION ALL SELECT 'DE', 'tollfree', 5490000
    UNION ALL SELECT 'FR', 'mobile', 3290000 UNION ALL SELECT 'FR', 'landline', 2790000 UNION ALL SELECT 'FR', 'tollfree', 5290000
    UNION ALL SELECT 'AU', 'mobile', 4490000 UNION ALL SELECT 'AU', 'landline', 3990000 UNION ALL SELECT 'AU', 'tollfree', 5990000
    UNION ALL SELECT 'JP', 'mobile', 5490000 UNION ALL SELECT 'JP', 'tollfree', 6490000
    UNION ALL SELECT 'CA', 'mobile', 1890000 UNION ALL SELECT 'CA', 'landline', 2890000 UNION ALL SELECT 'CA', 'tollfree', 3890000
    UNION ALL SELECT 'BR', 'mobile', 3990000 UNION ALL SELECT 'BR', 'landline', 2490000
    UNION ALL SELECT 'CN', 'mobile', 4990000 UNION ALL SELECT 'CN', 'landline', 3990000 UNION ALL SELECT 'CN', 'tollfree', 5990000
    UNION ALL SELECT 'IN', 'mobile', 2190000 UNION ALL SELECT 'IN', 'landline', 1990000 UNION ALL SELECT 'IN', 'tollfree', 4990000
) p ON p.code = c.code;
