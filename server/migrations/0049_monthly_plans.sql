-- One plan catalogue (issue 41): the packages become the monthly plans every page
-- shows. A plan includes outbound minutes (used before the balance, as package
-- minutes always were), numbers and IVR flows whose monthly fees it pays, an IVR
-- level (what its flows may contain) and a support level; bought plans renew each period until cancelled. The three packages
-- of the first catalogue become the Basic, Professional and Enterprise plans in
-- place, priced below pay as you go a minute (core plans::check_price). Packages
-- already bought keep their own name, minutes and expiry and do not renew.
ALTER TABLE packages ADD COLUMN included_numbers {{int}} NOT NULL DEFAULT 0;
ALTER TABLE packages ADD COLUMN ivr_flows {{int}} NOT NULL DEFAULT 0;
ALTER TABLE packages ADD COLUMN ivr_level TEXT NOT NULL DEFAULT 'basic';
ALTER TABLE packages ADD COLUMN support TEXT NOT NULL DEFAULT 'email';
ALTER TABLE packages ADD COLUMN popular {{int}} NOT NULL DEFAULT 0;
ALTER TABLE user_packages ADD COLUMN renews {{int}} NOT NULL DEFAULT 0;
ALTER TABLE user_packages ADD COLUMN included_numbers {{int}} NOT NULL DEFAULT 0;
ALTER TABLE user_packages ADD COLUMN ivr_flows {{int}} NOT NULL DEFAULT 0;
ALTER TABLE user_packages ADD COLUMN ivr_level TEXT NOT NULL DEFAULT 'basic';
-- Bought packages kept the level their name gave (core ivr::plan::level_of_package).
UPDATE user_packages SET ivr_level = CASE
    WHEN LOWER(name) LIKE 'enterprise%' OR LOWER(name) LIKE 'premium%' THEN 'premium'
    WHEN LOWER(name) LIKE 'professional%' OR LOWER(name) LIKE 'standard%' THEN 'advanced'
    ELSE 'basic' END;
ALTER TABLE phone_numbers ADD COLUMN included {{int}} NOT NULL DEFAULT 0;
ALTER TABLE ivr_subscriptions ADD COLUMN included {{int}} NOT NULL DEFAULT 0;
-- Priority support: a message from a customer whose plan in force has it comes first
-- in the support inbox.
ALTER TABLE contact_messages ADD COLUMN priority {{int}} NOT NULL DEFAULT 0;

UPDATE packages SET name = 'Basic', minutes = 500, price_micros = 9000000, validity_days = 30,
    features = '[]', included_numbers = 1, ivr_flows = 0, ivr_level = 'basic', support = 'email', popular = 0,
    updated_at = {{now_ms}} WHERE id = 1;
UPDATE packages SET name = 'Professional', minutes = 2000, price_micros = 29000000, validity_days = 30,
    features = '[]', included_numbers = 3, ivr_flows = 1, ivr_level = 'advanced', support = 'priority', popular = 1,
    updated_at = {{now_ms}} WHERE id = 2;
UPDATE packages SET name = 'Enterprise', minutes = 10000, price_micros = 99000000, validity_days = 30,
    features = '[]', included_numbers = 10, ivr_flows = 3, ivr_level = 'premium', support = 'priority', popular = 0,
    updated_at = {{now_ms}} WHERE id = 3;
