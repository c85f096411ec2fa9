-- Receipts and monthly statements (issue 46). A document is issued once, with its
-- content frozen as JSON (the provider's and the customer's details as they were), and
-- never changes: a correction is a new document. Each series counts without gaps: the
-- next number is taken from document_series in the issuing transaction, so a rolled
-- back issue gives its number back and concurrent issues wait for each other.
CREATE TABLE document_series (
    series TEXT PRIMARY KEY,
    last_number {{int}} NOT NULL
);
INSERT INTO document_series (series, last_number) VALUES ('RC', 0), ('ST', 0);

CREATE TABLE documents (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users (id),
    kind TEXT NOT NULL CHECK (kind IN ('receipt', 'statement')),
    series TEXT NOT NULL REFERENCES document_series (series),
    number {{int}} NOT NULL,
    payment_id {{int}} UNIQUE REFERENCES payments (id),
    period_start {{int}},
    period_end {{int}},
    total_micros {{int}} NOT NULL,
    content TEXT NOT NULL,
    issued_at {{int}} NOT NULL,
    mailed_at {{int}},
    UNIQUE (series, number)
);
CREATE INDEX documents_user ON documents (user_id, id);
CREATE UNIQUE INDEX documents_statement_period ON documents (user_id, kind, period_start);
CREATE INDEX documents_unmailed ON documents (mailed_at);

-- What the customer's documents say about them.
CREATE TABLE billing_profiles (
    user_id {{int}} PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    company TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT '',
    tax_id TEXT NOT NULL DEFAULT '',
    billing_email TEXT NOT NULL DEFAULT '',
    updated_at {{int}} NOT NULL
);

-- Mail can carry one attachment (a receipt's or statement's PDF), base64 in the outbox.
ALTER TABLE mail_outbox ADD COLUMN attachment_name TEXT;
ALTER TABLE mail_outbox ADD COLUMN attachment TEXT;

-- The customer's own low-balance warning threshold (NULL: the platform's setting).
ALTER TABLE users ADD COLUMN low_balance_micros {{int}};
