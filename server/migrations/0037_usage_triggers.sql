-- Usage triggers (issue 46), as Twilio's API has them: when an account's usage of a
-- category reaches a value (in the day, month or year, or ever), Dialtone notifies the
-- customer and posts a signed callback, once per period.
CREATE TABLE usage_triggers (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    friendly_name TEXT NOT NULL DEFAULT '',
    usage_category TEXT NOT NULL,
    trigger_by TEXT NOT NULL,
    trigger_value TEXT NOT NULL,
    value {{int}} NOT NULL,
    recurring TEXT NOT NULL DEFAULT '',
    callback_url TEXT NOT NULL,
    callback_method TEXT NOT NULL DEFAULT 'POST',
    current_value {{int}} NOT NULL DEFAULT 0,
    fired_period {{int}},
    date_fired {{int}},
    created_at {{int}} NOT NULL,
    updated_at {{int}} NOT NULL
);
CREATE INDEX usage_triggers_user ON usage_triggers (user_id, id);
