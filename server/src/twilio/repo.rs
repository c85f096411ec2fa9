//! What the Twilio-compatible API reads and writes: a customer's messages, calls and
//! numbers with Twilio's filters, newest first, paged by id (keyset: a page costs the
//! same at any depth), and the numbers for sale.

use crate::db::list::Value::{Int, Text};
use crate::db::Exec;

pub use crate::db::list::Window;

#[derive(sqlx::FromRow)]
pub struct MessageRow {
    pub id: i64,
    #[sqlx(rename = "to_number")]
    pub to: String,
    #[sqlx(rename = "from_number")]
    pub from: Option<String>,
    pub body: String,
    pub segments: i64,
    pub cost_micros: i64,
    pub status: String,
    pub error: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

const MESSAGE_COLUMNS: &str =
    "id, to_number, from_number, body, segments, cost_micros, status, error, created_at, updated_at";

statements! {
    pub fn message(user_id: i64, id: i64) -> optional(MessageRow) =
        &format!(
            "SELECT {MESSAGE_COLUMNS} FROM sms_messages WHERE id = $1 AND user_id = $2 AND purpose <> 'verification'"
        ), (id, user_id);
}

/// Twilio's message filters: exact To and From ('' for any) and a send-time range.
pub struct MessageFilter<'a> {
    pub to: &'a str,
    pub from: &'a str,
    pub sent_from: i64,
    pub sent_to: i64,
}

pub async fn messages<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    f: &MessageFilter<'_>,
    w: &Window,
) -> sqlx::Result<Vec<MessageRow>> {
    let from = "FROM sms_messages WHERE user_id = $1 AND id < $2 AND purpose <> 'verification' \
        AND ($3 = '' OR to_number = $3) AND ($4 = '' OR from_number = $4) \
        AND created_at >= $5 AND created_at <= $6";
    let filter = [Text(f.to), Text(f.from), Int(f.sent_from), Int(f.sent_to)];
    w.rows(ex, MESSAGE_COLUMNS, from, "id", user_id, &filter)
        .await
}

#[derive(sqlx::FromRow)]
pub struct CallRow {
    pub id: i64,
    pub sid: Option<String>,
    pub direction: String,
    #[sqlx(rename = "from_number")]
    pub from: String,
    #[sqlx(rename = "to_number")]
    pub to: String,
    pub started_at: i64,
    pub answered_at: Option<i64>,
    pub ended_at: i64,
    pub duration_seconds: i64,
    pub cost_micros: i64,
    pub status: String,
    pub created_at: i64,
}

/// A call placed or answered through the API shows its API direction and the number
/// its callee saw (a verified outside number is billed as the account's own).
const CALL_COLUMNS: &str =
    "c.id, c.sid, COALESCE(a.direction, c.direction) AS direction, \
    COALESCE(a.from_number, c.from_number) AS from_number, c.to_number, c.started_at, c.answered_at, \
    c.ended_at, c.duration_seconds, c.cost_micros, c.status, c.created_at";
const CALLS: &str = "calls c LEFT JOIN api_calls a ON a.call_id = c.call_id";

statements! {
    /// One of the user's calls by its SID (or, for records from before SIDs, its row id).
    pub fn call(user_id: i64, sid: &str, legacy_id: Option<i64>) -> optional(CallRow) =
        &format!(
            "SELECT {CALL_COLUMNS} FROM {CALLS} WHERE c.user_id = $1 AND (c.sid = $2 OR (c.sid IS NULL AND c.id = $3))"
        ),
        (user_id, sid, legacy_id.unwrap_or(0));
}

/// Twilio's call filters: exact To, From and Status ('' for any), a start-time range.
pub struct CallFilter<'a> {
    pub to: &'a str,
    pub from: &'a str,
    pub status: &'a str,
    pub started_from: i64,
    pub started_to: i64,
}

pub async fn calls<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    f: &CallFilter<'_>,
    w: &Window,
) -> sqlx::Result<Vec<CallRow>> {
    let from = format!(
        "FROM {CALLS} WHERE c.user_id = $1 AND c.id < $2 \
        AND ($3 = '' OR c.to_number = $3) AND ($4 = '' OR COALESCE(a.from_number, c.from_number) = $4) \
        AND ($5 = '' OR c.status = $5) AND c.started_at >= $6 AND c.started_at <= $7"
    );
    let filter = [
        Text(f.to),
        Text(f.from),
        Text(f.status),
        Int(f.started_from),
        Int(f.started_to),
    ];
    w.rows(ex, CALL_COLUMNS, &from, "c.id", user_id, &filter)
        .await
}

#[derive(sqlx::FromRow)]
pub struct NumberRow {
    pub id: i64,
    pub number: String,
    pub status: String,
    pub friendly_name: Option<String>,
    pub sms_url: Option<String>,
    pub sms_method: String,
    pub voice_url: Option<String>,
    pub voice_method: String,
    pub voice_fallback_url: Option<String>,
    pub status_callback: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

const NUMBER_COLUMNS: &str = "n.id, n.number, n.status, \
    n.friendly_name, n.sms_url, n.sms_method, n.voice_url, n.voice_method, n.voice_fallback_url, n.status_callback, \
    COALESCE(n.purchased_at, n.created_at) AS created_at, n.updated_at";

statements! {
    /// One of the owner's numbers.
    pub fn number(owner: i64, id: i64) -> optional(NumberRow) =
        &format!(
            "SELECT {NUMBER_COLUMNS} FROM phone_numbers n WHERE n.id = $1 AND n.owner_id = $2"
        ), (id, owner);
}

/// The owner's numbers, by exact PhoneNumber and FriendlyName ('' for any).
pub async fn numbers<'e>(
    ex: impl Exec<'e>,
    owner: i64,
    phone_number: &str,
    friendly_name: &str,
    w: &Window,
) -> sqlx::Result<Vec<NumberRow>> {
    let from =
        "FROM phone_numbers n WHERE n.owner_id = $1 AND n.id < $2 AND ($3 = '' OR n.number = $3) \
        AND ($4 = '' OR n.friendly_name = $4)";
    let filter = [Text(phone_number), Text(friendly_name)];
    w.rows(ex, NUMBER_COLUMNS, from, "n.id", owner, &filter)
        .await
}

statements! {
    /// A number's id and status by its E.164 form, whoever holds it.
    pub fn find_by_number(number: &str) -> optional((i64, String)) =
        "SELECT id, status FROM phone_numbers WHERE number = $1";
}

/// What the API lets a customer set on a number.
pub struct NumberSettings<'a> {
    pub friendly_name: Option<&'a str>,
    pub sms_url: Option<&'a str>,
    pub voice_url: Option<&'a str>,
    pub status_callback: Option<&'a str>,
    pub voice_method: &'a str,
    pub voice_fallback_url: Option<&'a str>,
    pub sms_method: &'a str,
}

statements! {
    pub fn update_number(owner: i64, id: i64, s: &NumberSettings<'_>, now: i64) -> run() =
        "UPDATE phone_numbers SET friendly_name = $1, sms_url = $2, voice_url = $3, status_callback = $4, \
         updated_at = $5, voice_method = $8, voice_fallback_url = $9, sms_method = $10 \
         WHERE id = $6 AND owner_id = $7",
        (s.friendly_name, s.sms_url, s.voice_url, s.status_callback, now, id, owner, s.voice_method,
         s.voice_fallback_url, s.sms_method);
}

#[derive(sqlx::FromRow)]
pub struct ForSale {
    pub number: String,
    pub country_code: String,
}

statements! {
    /// Numbers for sale in a country, of a type, whose national part starts with
    /// `prefix` and which match the LIKE `pattern`; at most `limit`, in number order (read
    /// in order from the for-sale index, as numbers::repo::find_available).
    pub fn for_sale(
        country: &str,
        number_type: &str,
        prefix: &str,
        pattern: &str,
        limit: i64,
    ) -> all(ForSale) =
        "SELECT n.number, (SELECT c.code FROM countries c WHERE c.id = n.country_id) AS country_code FROM phone_numbers n \
         JOIN number_prices p ON p.country_id = n.country_id AND p.number_type = n.number_type AND p.purchasable = 1 \
         WHERE n.country_id = (SELECT c.id FROM countries c WHERE c.code = $1 AND c.status = 'active') \
         AND n.number_type = $2 AND n.status = 'available' \
         AND n.number >= (SELECT '+' || c.calling_code || $3 FROM countries c WHERE c.code = $1) \
         AND n.number < (SELECT '+' || c.calling_code || $3 || ':' FROM countries c WHERE c.code = $1) \
         AND n.number LIKE $4 ORDER BY n.number LIMIT $5";
}
