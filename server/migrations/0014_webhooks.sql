-- Webhooks to customers' servers. A delivery is queued in the transaction of the event
-- it reports (nothing is lost), keeps its form-encoded body (every attempt sends the
-- same bytes and signs the same parameters), and is retried until give_up_at (a day
-- after it was queued or resent). claimed_until is the lease of the instance sending it,
-- so instances sharing a database never send one attempt twice.
CREATE TABLE webhook_deliveries (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users (id),
    event TEXT NOT NULL,
    url TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts {{int}} NOT NULL DEFAULT 0,
    next_attempt_at {{int}},
    give_up_at {{int}} NOT NULL,
    claimed_until {{int}},
    last_status_code {{int}},
    last_error TEXT,
    created_at {{int}} NOT NULL,
    delivered_at {{int}},
    updated_at {{int}} NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
CREATE INDEX webhook_deliveries_user ON webhook_deliveries (user_id, id);

CREATE TABLE webhook_attempts (
    id {{id}},
    delivery_id {{int}} NOT NULL REFERENCES webhook_deliveries (id),
    attempted_at {{int}} NOT NULL,
    status_code {{int}},
    error TEXT,
    duration_ms {{int}} NOT NULL
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id);
