//! Limits' storage: an account's ceiling and own choice and what it spent today
//! (columns of users), and the platform's defaults (the `default_caps` setting).

pub const DEFAULTS_KEY: &str = "default_caps";

/// What a message's check reads, in one query.
#[derive(sqlx::FromRow)]
pub struct Facts {
    pub defaults: Option<String>,
    pub ceiling: Option<String>,
    pub chosen: Option<String>,
    pub spent_today: i64,
    pub reserved: i64,
}

statements! {
    /// The account's limits' stored forms, what it spent on the UTC day of `now`, and
    /// what its calls in progress hold.
    pub fn facts(user_id: i64, now: i64) -> optional(Facts) =
        "SELECT (SELECT value FROM settings WHERE key = 'default_caps') AS defaults, \
         caps_ceiling AS ceiling, caps_chosen AS chosen, \
         CASE WHEN spent_day = $2 / 86400000 THEN spent_today_micros ELSE 0 END AS spent_today, \
         reserved_micros AS reserved FROM users WHERE id = $1";

    /// The settings the call path's guards read: the extra high-risk prefixes and the
    /// default limits, as stored (`guard_settings` caches them).
    pub fn guard_settings() -> one((Option<String>, Option<String>)) =
        "SELECT (SELECT value FROM settings WHERE key = 'high_risk_prefixes'), \
         (SELECT value FROM settings WHERE key = 'default_caps')";

    /// Adds to what the account spent on `day`, starting the day afresh when it is new.
    pub fn spend(user_id: i64, amount: i64, day: i64) -> run() =
        "UPDATE users SET spent_today_micros = CASE WHEN spent_day = $3 THEN spent_today_micros + $2 ELSE $2 END, \
         spent_day = $3 WHERE id = $1";

    /// Takes a refund back off what the account spent on `day`, when that day is still
    /// the one counted (a refund of an earlier day's charge leaves today's as it is).
    pub fn unspend(user_id: i64, amount: i64, day: i64) -> run() =
        "UPDATE users SET spent_today_micros = CASE WHEN spent_today_micros > $2 THEN spent_today_micros - $2 ELSE 0 END \
         WHERE id = $1 AND spent_day = $3";

    /// Sets the account's ceiling (None: the platform's defaults).
    pub fn set_ceiling(user_id: i64, stored: Option<String>) -> changed_one() =
        "UPDATE users SET caps_ceiling = $2 WHERE id = $1";

    /// Sets the customer's own limits (None: none of their own).
    pub fn set_chosen(user_id: i64, stored: Option<String>) -> run() =
        "UPDATE users SET caps_chosen = $2 WHERE id = $1";
}
