-- Rate decks (issue 23): a carrier's price list per dial prefix, imported as CSV.
-- A deck is uploaded as a draft, then applied; it comes into force at in_force_at,
-- the later of its effective date (00:00 UTC) and the moment it was applied. Its
-- status shown to people (scheduled, live, superseded) follows from that and the
-- clock (core's deck_schedule), so nothing has to flip it at midnight. Applied decks
-- are kept for history and re-rating questions.
CREATE TABLE rate_decks (
    id {{id}},
    name TEXT NOT NULL,
    -- YYYY-MM-DD, as every line of the deck gives it.
    effective_from TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'applied')),
    row_count {{int}} NOT NULL DEFAULT 0,
    created_by {{int}} REFERENCES users (id),
    created_at {{int}} NOT NULL,
    applied_by {{int}} REFERENCES users (id),
    applied_at {{int}},
    in_force_at {{int}}
);
-- Every instance reads the applied decks' schedule (a few rows) every few hundred ms.
CREATE INDEX rate_decks_schedule ON rate_decks (status, in_force_at, id);

-- One row per prefix of a deck; rates in micro-dollars (per minute, SMS per message).
CREATE TABLE rate_deck_rows (
    deck_id {{int}} NOT NULL REFERENCES rate_decks (id) ON DELETE CASCADE,
    prefix TEXT NOT NULL,
    destination TEXT NOT NULL,
    country_code TEXT NOT NULL,
    line_type TEXT NOT NULL CHECK (line_type IN ('mobile', 'landline', 'toll-free')),
    inbound_rate_micros {{int}} NOT NULL CHECK (inbound_rate_micros >= 0),
    outbound_rate_micros {{int}} NOT NULL CHECK (outbound_rate_micros >= 0),
    sms_rate_micros {{int}} NOT NULL CHECK (sms_rate_micros >= 0),
    first_increment_secs {{int}} NOT NULL CHECK (first_increment_secs > 0),
    next_increment_secs {{int}} NOT NULL CHECK (next_increment_secs > 0),
    PRIMARY KEY (deck_id, prefix)
);
