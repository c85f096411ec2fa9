-- Saved cards and auto-recharge (issue 46). A card is saved with the provider (a
-- Stripe customer and payment method; the sandbox keeps what its test card would do),
-- never its number. An account's auto-recharge is one row: its settings, where it
-- stands between two crossings of the threshold (armed, spent, or retry after a
-- decline), and a claim counter whose every step names one charge: the payment's
-- recharge_key is unique, and is the provider's Idempotency-Key, so concurrent checks,
-- several instances and retried jobs charge a crossing once.
CREATE TABLE saved_cards (
    user_id {{int}} PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    provider TEXT NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
    customer_id TEXT,
    payment_method_id TEXT NOT NULL,
    brand TEXT NOT NULL,
    last4 TEXT NOT NULL,
    exp_month {{int}} NOT NULL,
    exp_year {{int}} NOT NULL,
    sandbox_outcome TEXT,
    created_at {{int}} NOT NULL
);
ALTER TABLE users ADD COLUMN stripe_customer_id TEXT;

CREATE TABLE auto_recharges (
    user_id {{int}} PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    enabled {{int}} NOT NULL DEFAULT 0,
    threshold_micros {{int}} NOT NULL,
    amount_micros {{int}} NOT NULL,
    monthly_max_micros {{int}} NOT NULL,
    phase TEXT NOT NULL DEFAULT 'armed' CHECK (phase IN ('armed', 'spent', 'retry', 'capped')),
    -- When phase is retry: the retry's time; when capped: the month's first moment.
    retry_at {{int}},
    failures {{int}} NOT NULL DEFAULT 0,
    claims {{int}} NOT NULL DEFAULT 0,
    off_reason TEXT,
    updated_at {{int}} NOT NULL
);
CREATE INDEX auto_recharges_enabled ON auto_recharges (enabled);

ALTER TABLE payments ADD COLUMN purpose TEXT NOT NULL DEFAULT 'deposit';
ALTER TABLE payments ADD COLUMN recharge_key TEXT;
CREATE UNIQUE INDEX payments_recharge_key ON payments (recharge_key);
CREATE INDEX payments_purpose ON payments (user_id, purpose, status);
