-- Spend and rate limits per account (issue 43). The administrator's ceiling for one
-- account and the customer's own lower choice, each as core's stored form
-- (`caps::Caps::store`; NULL: none, the platform's defaults bind); what the account
-- spent on calls and messages on the UTC day `spent_day` (unix ms / 86400000). The
-- platform's defaults are the `default_caps` row of settings.
ALTER TABLE users ADD COLUMN caps_ceiling TEXT;
ALTER TABLE users ADD COLUMN caps_chosen TEXT;
ALTER TABLE users ADD COLUMN spent_day {{int}} NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN spent_today_micros {{int}} NOT NULL DEFAULT 0;
-- The account's outbound calls started in the second `cps_window` (unix seconds),
-- counted by the reservation's write.
ALTER TABLE users ADD COLUMN cps_window {{int}} NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN cps_count {{int}} NOT NULL DEFAULT 0;
