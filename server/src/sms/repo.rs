//! The sms_messages table.

use super::SmsItem;
use crate::db::iso;
use crate::db::Exec;
use crate::json::Money;
use crate::paging::{Page, PageQuery};
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

const COLUMNS: &str = "id, to_number, body, segments, cost_micros, status, error, created_at";

fn item(r: &AnyRow) -> sqlx::Result<SmsItem> {
    Ok(SmsItem {
        id: r.try_get("id")?,
        to: r.try_get("to_number")?,
        message: r.try_get("body")?,
        segments: r.try_get("segments")?,
        cost: Money::micros(r.try_get("cost_micros")?),
        status: r.try_get("status")?,
        error: r.try_get("error")?,
        date: iso(r.try_get("created_at")?),
    })
}

/// The message a user sent with an idempotency key, and the hash of its request.
pub async fn find_by_key<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    key: &str,
) -> sqlx::Result<Option<(SmsItem, Option<String>)>> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS}, request_hash FROM sms_messages WHERE user_id = $1 AND idempotency_key = $2"
    ))
    .bind(user_id)
    .bind(key)
    .fetch_optional(ex)
    .await?;
    row.map(|r| Ok((item(&r)?, r.try_get("request_hash")?)))
        .transpose()
}

pub async fn find<'e>(ex: impl Exec<'e>, id: i64) -> sqlx::Result<SmsItem> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM sms_messages WHERE id = $1"))
        .bind(id)
        .fetch_one(ex)
        .await?;
    item(&row)
}

pub struct NewMessage<'a> {
    pub user_id: i64,
    pub to: &'a str,
    pub body: &'a str,
    pub segments: i64,
    pub encoding: &'a str,
    /// None when no destination of the catalogue covers the number (a code to it).
    pub country_id: Option<i64>,
    pub cost_micros: i64,
    pub provider: &'a str,
    /// `sending` (handed over at once) or `queued` (for the SMPP sender).
    pub status: &'a str,
    pub now: i64,
    pub idempotency_key: Option<&'a str>,
    pub request_hash: Option<&'a str>,
    /// The API's `From`: one of the sender's numbers.
    pub from: Option<&'a str>,
    pub status_callback: Option<&'a str>,
    /// `message`, or `verification` for a trial's code (free to the account).
    pub purpose: &'a str,
    /// What the message costs the provider, where it is recorded (codes).
    pub provider_cost_micros: i64,
}

statements! {
    /// Inserts a message as `sending` or `queued`; a key used before is a unique violation.
    pub fn insert(m: NewMessage<'_>) -> scalar_one(i64) =
        "INSERT INTO sms_messages (user_id, to_number, body, segments, encoding, country_id, cost_micros, status, provider, created_at, updated_at, \
         idempotency_key, request_hash, from_number, status_callback, purpose, provider_cost_micros) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $14, $8, $9, $9, $10, $11, $12, $13, $15, $16) RETURNING id",
        (m.user_id, m.to, m.body, m.segments, m.encoding, m.country_id, m.cost_micros, m.provider, m.now, m.idempotency_key, m.request_hash, m.from, m.status_callback, m.status, m.purpose, m.provider_cost_micros);

    /// The carrier took the message.
    pub fn mark_handed_over(id: i64, status: &str, provider_id: &str, now: i64) -> run() =
        "UPDATE sms_messages SET status = $1, provider_id = $2, updated_at = $3 WHERE id = $4",
        (status, provider_id, now, id);

    pub fn mark_failed(id: i64, error: &str, now: i64) -> run() =
        "UPDATE sms_messages SET status = 'failed', error = $1, updated_at = $2 WHERE id = $3",
        (error, now, id);
}

/// One page of a user's messages, newest first: those the customer sent, not the
/// verification codes Dialtone sent them (the provider's messages, shown to admins).
pub async fn page_for(pool: &AnyPool, user_id: i64, q: PageQuery) -> sqlx::Result<Page<SmsItem>> {
    let list = crate::db::list::List {
        from: "FROM sms_messages WHERE user_id = $1 AND purpose <> 'verification'",
        columns: COLUMNS,
        order: "id DESC",
    };
    list.page(pool, |x| x.bind(user_id), q, item).await
}

statements! {
    /// Verification codes sent since `since` and what they cost the provider.
    pub fn verification_totals(since: i64) -> one((i64, i64)) =
        "SELECT COUNT(*), CAST(COALESCE(SUM(provider_cost_micros), 0) AS BIGINT) FROM sms_messages \
         WHERE purpose = 'verification' AND created_at >= $1";
}
