-- The ledger: every change of a balance is one append-only row, written in the same
-- transaction as the balance. balance_micros == SUM(amount_micros) per user, always.
CREATE TABLE ledger_entries (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users (id),
    amount_micros {{int}} NOT NULL CHECK (amount_micros <> 0),
    balance_after_micros {{int}} NOT NULL CHECK (balance_after_micros >= 0),
    kind TEXT NOT NULL,
    description TEXT NOT NULL,
    -- What caused it (a payment intent, a call, a purchase): applied once per reference.
    reference TEXT UNIQUE,
    actor_id {{int}} REFERENCES users (id),
    created_at {{int}} NOT NULL
);
CREATE INDEX ledger_entries_user ON ledger_entries (user_id, id);
CREATE INDEX ledger_entries_kind ON ledger_entries (kind, created_at);

CREATE TABLE payments (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users (id),
    provider TEXT NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
    intent_id TEXT UNIQUE,
    client_secret TEXT UNIQUE,
    amount_micros {{int}} NOT NULL CHECK (amount_micros > 0),
    status TEXT NOT NULL CHECK (status IN ('creating', 'pending', 'succeeded', 'failed')),
    failure_message TEXT,
    created_at {{int}} NOT NULL,
    updated_at {{int}} NOT NULL
);
CREATE INDEX payments_user ON payments (user_id, id);

-- Provider events already applied: a redelivered webhook changes nothing.
CREATE TABLE webhook_events (
    event_id TEXT PRIMARY KEY,
    event_type TEXT NOT NULL,
    received_at {{int}} NOT NULL
);
