//! What the Twilio-compatible API reads and writes: a customer's messages, calls and
//! numbers with Twilio's filters, newest first, paged by id (keyset: a page costs the
//! same at any depth), and the numbers for sale.

use crate::db::Exec;
use sqlx::any::AnyRow;
use sqlx::Row;

/// Rows of a page, with the keyset and offset to start from.
pub struct Window {
    pub before_id: Option<i64>,
    pub limit: i64,
    pub offset: i64,
}

impl Window {
    fn before(&self) -> i64 {
        self.before_id.unwrap_or(i64::MAX)
    }
}

pub struct MessageRow {
    pub id: i64,
    pub to: String,
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

fn message_row(r: &AnyRow) -> sqlx::Result<MessageRow> {
    Ok(MessageRow {
        id: r.try_get("id")?,
        to: r.try_get("to_number")?,
        from: r.try_get("from_number")?,
        body: r.try_get("body")?,
        segments: r.try_get("segments")?,
        cost_micros: r.try_get("cost_micros")?,
        status: r.try_get("status")?,
        error: r.try_get("error")?,
        created_at: r.try_get("created_at")?,
        updated_at: r.try_get("updated_at")?,
    })
}

pub async fn message<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    id: i64,
) -> sqlx::Result<Option<MessageRow>> {
    let row = sqlx::query(&format!(
        "SELECT {MESSAGE_COLUMNS} FROM sms_messages WHERE id = $1 AND user_id = $2"
    ))
    .bind(id)
    .bind(user_id)
    .fetch_optional(ex)
    .await?;
    row.as_ref().map(message_row).transpose()
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
    let rows = sqlx::query(&format!(
        "SELECT {MESSAGE_COLUMNS} FROM sms_messages WHERE user_id = $1 AND id < $2 \
         AND ($3 = '' OR to_number = $3) AND ($4 = '' OR from_number = $4) \
         AND created_at >= $5 AND created_at <= $6 ORDER BY id DESC LIMIT $7 OFFSET $8"
    ))
    .bind(user_id)
    .bind(w.before())
    .bind(f.to)
    .bind(f.from)
    .bind(f.sent_from)
    .bind(f.sent_to)
    .bind(w.limit)
    .bind(w.offset)
    .fetch_all(ex)
    .await?;
    rows.iter().map(message_row).collect()
}

pub struct CallRow {
    pub id: i64,
    pub sid: Option<String>,
    pub direction: String,
    pub from: String,
    pub to: String,
    pub started_at: i64,
    pub answered_at: Option<i64>,
    pub ended_at: i64,
    pub duration_seconds: i64,
    pub cost_micros: i64,
    pub status: String,
    pub created_at: i64,
}

const CALL_COLUMNS: &str =
    "id, sid, direction, from_number, to_number, started_at, answered_at, ended_at, \
    duration_seconds, cost_micros, status, created_at";

fn call_row(r: &AnyRow) -> sqlx::Result<CallRow> {
    Ok(CallRow {
        id: r.try_get("id")?,
        sid: r.try_get("sid")?,
        direction: r.try_get("direction")?,
        from: r.try_get("from_number")?,
        to: r.try_get("to_number")?,
        started_at: r.try_get("started_at")?,
        answered_at: r.try_get("answered_at")?,
        ended_at: r.try_get("ended_at")?,
        duration_seconds: r.try_get("duration_seconds")?,
        cost_micros: r.try_get("cost_micros")?,
        status: r.try_get("status")?,
        created_at: r.try_get("created_at")?,
    })
}

/// One of the user's calls by its SID (or, for records from before SIDs, its row id).
pub async fn call<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    sid: &str,
    legacy_id: Option<i64>,
) -> sqlx::Result<Option<CallRow>> {
    let row = sqlx::query(&format!(
        "SELECT {CALL_COLUMNS} FROM calls WHERE user_id = $1 AND (sid = $2 OR (sid IS NULL AND id = $3))"
    ))
    .bind(user_id)
    .bind(sid)
    .bind(legacy_id.unwrap_or(0))
    .fetch_optional(ex)
    .await?;
    row.as_ref().map(call_row).transpose()
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
    let rows = sqlx::query(&format!(
        "SELECT {CALL_COLUMNS} FROM calls WHERE user_id = $1 AND id < $2 \
         AND ($3 = '' OR to_number = $3) AND ($4 = '' OR from_number = $4) AND ($5 = '' OR status = $5) \
         AND started_at >= $6 AND started_at <= $7 ORDER BY id DESC LIMIT $8 OFFSET $9"
    ))
    .bind(user_id)
    .bind(w.before())
    .bind(f.to)
    .bind(f.from)
    .bind(f.status)
    .bind(f.started_from)
    .bind(f.started_to)
    .bind(w.limit)
    .bind(w.offset)
    .fetch_all(ex)
    .await?;
    rows.iter().map(call_row).collect()
}

pub struct NumberRow {
    pub id: i64,
    pub number: String,
    pub status: String,
    pub friendly_name: Option<String>,
    pub sms_url: Option<String>,
    pub voice_url: Option<String>,
    pub status_callback: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

const NUMBER_COLUMNS: &str = "n.id, n.number, n.status, \
    n.friendly_name, n.sms_url, n.voice_url, n.status_callback, \
    COALESCE(n.purchased_at, n.created_at) AS created_at, n.updated_at";

fn number_row(r: &AnyRow) -> sqlx::Result<NumberRow> {
    Ok(NumberRow {
        id: r.try_get("id")?,
        number: r.try_get("number")?,
        status: r.try_get("status")?,
        friendly_name: r.try_get("friendly_name")?,
        sms_url: r.try_get("sms_url")?,
        voice_url: r.try_get("voice_url")?,
        status_callback: r.try_get("status_callback")?,
        created_at: r.try_get("created_at")?,
        updated_at: r.try_get("updated_at")?,
    })
}

/// One of the owner's numbers.
pub async fn number<'e>(ex: impl Exec<'e>, owner: i64, id: i64) -> sqlx::Result<Option<NumberRow>> {
    let row = sqlx::query(&format!(
        "SELECT {NUMBER_COLUMNS} FROM phone_numbers n WHERE n.id = $1 AND n.owner_id = $2"
    ))
    .bind(id)
    .bind(owner)
    .fetch_optional(ex)
    .await?;
    row.as_ref().map(number_row).transpose()
}

/// The owner's numbers, by exact PhoneNumber and FriendlyName ('' for any).
pub async fn numbers<'e>(
    ex: impl Exec<'e>,
    owner: i64,
    phone_number: &str,
    friendly_name: &str,
    w: &Window,
) -> sqlx::Result<Vec<NumberRow>> {
    let rows = sqlx::query(&format!(
        "SELECT {NUMBER_COLUMNS} FROM phone_numbers n WHERE n.owner_id = $1 AND n.id < $2 AND ($3 = '' OR n.number = $3) \
         AND ($4 = '' OR n.friendly_name = $4) ORDER BY n.id DESC LIMIT $5 OFFSET $6"
    ))
    .bind(owner)
    .bind(w.before())
    .bind(phone_number)
    .bind(friendly_name)
    .bind(w.limit)
    .bind(w.offset)
    .fetch_all(ex)
    .await?;
    rows.iter().map(number_row).collect()
}

/// Where a number's owner wants its calls reported: (VoiceUrl, StatusCallback), and the
/// owner's account SID when they have one.
pub async fn call_hooks<'e>(
    ex: impl Exec<'e>,
    number_id: i64,
) -> sqlx::Result<Option<(Option<String>, Option<String>, String)>> {
    sqlx::query_as(
        "SELECT n.voice_url, n.status_callback, a.account_sid FROM phone_numbers n \
         JOIN api_accounts a ON a.user_id = n.owner_id \
         WHERE n.id = $1 AND (n.voice_url IS NOT NULL OR n.status_callback IS NOT NULL)",
    )
    .bind(number_id)
    .fetch_optional(ex)
    .await
}

/// A number's id and status by its E.164 form, whoever holds it.
pub async fn find_by_number<'e>(
    ex: impl Exec<'e>,
    number: &str,
) -> sqlx::Result<Option<(i64, String)>> {
    sqlx::query_as("SELECT id, status FROM phone_numbers WHERE number = $1")
        .bind(number)
        .fetch_optional(ex)
        .await
}

/// What the API lets a customer set on a number.
pub struct NumberSettings<'a> {
    pub friendly_name: Option<&'a str>,
    pub sms_url: Option<&'a str>,
    pub voice_url: Option<&'a str>,
    pub status_callback: Option<&'a str>,
}

pub async fn update_number<'e>(
    ex: impl Exec<'e>,
    owner: i64,
    id: i64,
    s: &NumberSettings<'_>,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE phone_numbers SET friendly_name = $1, sms_url = $2, voice_url = $3, status_callback = $4, \
         updated_at = $5 WHERE id = $6 AND owner_id = $7",
    )
    .bind(s.friendly_name)
    .bind(s.sms_url)
    .bind(s.voice_url)
    .bind(s.status_callback)
    .bind(now)
    .bind(id)
    .bind(owner)
    .execute(ex)
    .await?;
    Ok(())
}

pub struct ForSale {
    pub number: String,
    pub country_code: String,
}

/// Numbers for sale in a country, of a type, whose national part starts with
/// `prefix` and which match the LIKE `pattern`; at most `limit`, in number order.
pub async fn for_sale<'e>(
    ex: impl Exec<'e>,
    country: &str,
    number_type: &str,
    prefix: &str,
    pattern: &str,
    limit: i64,
) -> sqlx::Result<Vec<ForSale>> {
    let rows = sqlx::query(
        "SELECT n.number, c.code AS country_code FROM phone_numbers n \
         JOIN countries c ON c.id = n.country_id \
         JOIN number_prices p ON p.country_id = n.country_id AND p.number_type = n.number_type AND p.purchasable = 1 \
         WHERE c.code = $1 AND n.number_type = $2 AND n.status = 'available' AND c.status = 'active' \
         AND n.number LIKE '+' || c.calling_code || $3 || '%' AND n.number LIKE $4 \
         ORDER BY n.number LIMIT $5",
    )
    .bind(country)
    .bind(number_type)
    .bind(prefix)
    .bind(pattern)
    .bind(limit)
    .fetch_all(ex)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(ForSale {
                number: r.try_get("number")?,
                country_code: r.try_get("country_code")?,
            })
        })
        .collect()
}
