-- Fraud alerts (issue 43): what the detection job saw on an account's calls, for an
-- administrator to dismiss or act on. One open alert per account and kind; the
-- customer is told once, when it opens.
CREATE TABLE fraud_alerts (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    evidence TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'suspended')),
    created_at {{int}} NOT NULL,
    decided_at {{int}},
    decided_by {{int}}
);
CREATE UNIQUE INDEX fraud_alerts_open ON fraud_alerts (user_id, kind) WHERE status = 'open';
CREATE INDEX fraud_alerts_status ON fraud_alerts (status, id);
