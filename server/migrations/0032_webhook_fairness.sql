-- Webhooks that one customer cannot slow for all (issue 45): the sender counts each
-- account's deliveries in flight (the partial index), and parks an endpoint that keeps
-- not answering (webhook_parked) instead of spending its slots on it.
CREATE INDEX webhook_deliveries_in_flight ON webhook_deliveries (user_id, claimed_until)
    WHERE status = 'pending';
CREATE TABLE webhook_parked (
    url TEXT PRIMARY KEY,
    failures {{int}} NOT NULL,
    parked_until {{int}} NOT NULL
);
