//! Geo permissions' storage: each account's countries (two columns of users), the
//! requests for blocked ones (permission_requests), and the administrator's defaults
//! and high-risk prefixes (rows of settings).

use crate::db::Exec;
use dialtone_core::permissions::Channel;

/// The settings keys of the administrator's lists.
pub const DEFAULT_VOICE_KEY: &str = "default_voice_countries";
pub const DEFAULT_SMS_KEY: &str = "default_sms_countries";
pub const HIGH_RISK_KEY: &str = "high_risk_prefixes";

fn column(channel: Channel) -> &'static str {
    match channel {
        Channel::Voice => "voice_countries",
        Channel::Sms => "sms_countries",
    }
}

/// An account's stored sets (None: core's default set) and the high-risk prefixes.
#[derive(sqlx::FromRow)]
pub struct Geo {
    pub voice_countries: Option<String>,
    pub sms_countries: Option<String>,
    pub high_risk: Option<String>,
}

impl Geo {
    pub fn countries(&self, channel: Channel) -> Option<&str> {
        match channel {
            Channel::Voice => self.voice_countries.as_deref(),
            Channel::Sms => self.sms_countries.as_deref(),
        }
    }
}

statements! {
    /// One read for a message's or a code's check, and the Permissions page.
    pub fn geo(user_id: i64) -> optional(Geo) =
        "SELECT voice_countries, sms_countries, \
         (SELECT value FROM settings WHERE key = 'high_risk_prefixes') AS high_risk \
         FROM users WHERE id = $1";

    /// The administrator's list under `key`, if one was saved.
    pub fn setting(key: &str) -> scalar_optional(String) =
        "SELECT value FROM settings WHERE key = $1";
}

/// Stores an account's set for `channel`.
pub async fn set_countries<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    channel: Channel,
    countries: &str,
) -> sqlx::Result<()> {
    let sql = format!("UPDATE users SET {} = $1 WHERE id = $2", column(channel));
    sqlx::query(&sql)
        .bind(countries)
        .bind(user_id)
        .execute(ex)
        .await?;
    Ok(())
}

/// A request for a blocked country, with who asked.
#[derive(sqlx::FromRow)]
pub struct Request {
    pub id: i64,
    pub user_id: i64,
    pub channel: String,
    pub country: String,
    pub note: String,
    pub status: String,
    pub created_at: i64,
    pub decided_at: Option<i64>,
    pub email: String,
    pub name: String,
}

const REQUEST_COLUMNS: &str =
    "r.id, r.user_id, r.channel, r.country, r.note, r.status, r.created_at, \
    r.decided_at, u.email, u.name";

statements! {
    /// Whether a request for this country waits.
    pub fn pending(user_id: i64, channel: &str, country: &str) -> scalar_one(i64) =
        "SELECT COUNT(*) FROM permission_requests \
         WHERE user_id = $1 AND channel = $2 AND country = $3 AND status = 'pending'";

    /// Records a request; a second one while the first waits is a unique violation.
    pub fn insert_request(user_id: i64, channel: &str, country: &str, note: &str, now: i64) -> scalar_one(i64) =
        "INSERT INTO permission_requests (user_id, channel, country, note, created_at) \
         VALUES ($1, $2, $3, $4, $5) RETURNING id";

    /// The account's waiting requests (one per channel and country at most).
    pub fn waiting_of(user_id: i64) -> all((String, String)) =
        "SELECT channel, country FROM permission_requests WHERE user_id = $1 AND status = 'pending' \
         ORDER BY id LIMIT 500";

    /// Requests waiting for an answer, oldest first, at most 200.
    pub fn waiting() -> all(Request) =
        &format!("SELECT {REQUEST_COLUMNS} FROM permission_requests r JOIN users u ON u.id = r.user_id \
         WHERE r.status = 'pending' ORDER BY r.id LIMIT 200");

    pub fn find_request(id: i64) -> optional(Request) =
        &format!("SELECT {REQUEST_COLUMNS} FROM permission_requests r JOIN users u ON u.id = r.user_id \
         WHERE r.id = $1");

    /// Answers a waiting request; 0 rows when it was answered already.
    pub fn decide(id: i64, status: &str, admin: i64, now: i64) -> changed_one() =
        "UPDATE permission_requests SET status = $2, decided_by = $3, decided_at = $4 \
         WHERE id = $1 AND status = 'pending'";
}

/// An active country of the catalogue, as the Permissions page lists it.
#[derive(sqlx::FromRow)]
pub struct Country {
    pub code: String,
    pub name: String,
    pub flag: String,
    pub calling_code: String,
    pub outbound_rate_micros: i64,
    pub sms_rate_micros: i64,
}

statements! {
    /// The active countries in display order (the catalogue is a few hundred at most).
    pub fn countries() -> all(Country) =
        "SELECT code, name, flag, calling_code, outbound_rate_micros, sms_rate_micros \
         FROM countries WHERE status = 'active' ORDER BY sort_order, name LIMIT 1000";
}
