-- The state of each SMPP link, written by the instance running it (on bind, unbind
-- and error, and every few seconds while counters move), so that any instance sharing
-- the database can show every link. Keyed by the link's id, generated when it starts;
-- a row not updated for minutes belongs to a link (or an instance) that is gone.
CREATE TABLE smpp_links (
    instance_id TEXT PRIMARY KEY,
    system_id TEXT NOT NULL,
    smsc_addr TEXT NOT NULL,
    bound {{int}} NOT NULL,
    bound_since {{int}},
    last_error TEXT,
    last_error_at {{int}},
    submitted_total {{int}} NOT NULL,
    received_total {{int}} NOT NULL,
    submitted_last_minute {{int}} NOT NULL,
    received_last_minute {{int}} NOT NULL,
    started_at {{int}} NOT NULL,
    updated_at {{int}} NOT NULL
);
