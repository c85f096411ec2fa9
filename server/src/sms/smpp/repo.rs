//! The SMPP queue: claiming queued messages under a lease, the parts the SMSC
//! accepted, receipts, and inbound messages.

use crate::db::{Backend, Exec};
use sqlx::{AnyConnection, Row};

/// A queued message the sender holds under its lease.
pub struct Claimed {
    pub id: i64,
    pub user_id: i64,
    pub to: String,
    pub from: Option<String>,
    pub body: String,
    pub segments: i64,
    pub cost_micros: i64,
    pub status_callback: Option<String>,
}

/// Claims up to `batch` queued messages due at `now` until `lease`: another
/// instance's claim is skipped (FOR UPDATE SKIP LOCKED) or loses the conditional
/// UPDATE, so no two senders hold one message.
pub async fn claim_due(
    conn: &mut AnyConnection,
    backend: Backend,
    now: i64,
    lease: i64,
    batch: i64,
) -> sqlx::Result<Vec<Claimed>> {
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        Backend::Sqlite => "",
    };
    let due = "status = 'queued' AND provider = 'smpp' \
               AND (next_attempt_at IS NULL OR next_attempt_at <= $1) \
               AND (claimed_until IS NULL OR claimed_until <= $1)";
    let rows = sqlx::query(&format!(
        "WITH batch AS (SELECT id FROM sms_messages WHERE {due} ORDER BY id LIMIT $3{lock}) \
         UPDATE sms_messages SET claimed_until = $2, attempts = attempts + 1 \
         WHERE id IN (SELECT id FROM batch) AND {due} \
         RETURNING id, user_id, to_number, from_number, body, segments, cost_micros, status_callback"
    ))
    .bind(now)
    .bind(lease)
    .bind(batch)
    .fetch_all(conn)
    .await?;
    let mut claimed: Vec<Claimed> = rows
        .iter()
        .map(|r| {
            Ok(Claimed {
                id: r.try_get("id")?,
                user_id: r.try_get("user_id")?,
                to: r.try_get("to_number")?,
                from: r.try_get("from_number")?,
                body: r.try_get("body")?,
                segments: r.try_get("segments")?,
                cost_micros: r.try_get("cost_micros")?,
                status_callback: r.try_get("status_callback")?,
            })
        })
        .collect::<sqlx::Result<_>>()?;
    claimed.sort_by_key(|c| c.id);
    Ok(claimed)
}

/// The parts of a message the SMSC has already accepted (after a reconnect, those
/// are not submitted again).
pub async fn submitted_parts<'e>(ex: impl Exec<'e>, sms_id: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT part FROM sms_parts WHERE sms_id = $1")
        .bind(sms_id)
        .fetch_all(ex)
        .await
}

/// The SMSC accepted one part under `smsc_id`.
pub async fn record_part<'e>(
    ex: impl Exec<'e>,
    sms_id: i64,
    part: i64,
    smsc_id: &str,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO sms_parts (sms_id, part, smsc_message_id, submitted_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(sms_id)
    .bind(part)
    .bind(smsc_id)
    .bind(now)
    .execute(ex)
    .await?;
    Ok(())
}

/// Every part is with the SMSC: `sent`, under the first part's message id.
pub async fn mark_sent<'e>(ex: impl Exec<'e>, id: i64, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE sms_messages SET status = 'sent', claimed_until = NULL, updated_at = $1, \
         provider_id = (SELECT smsc_message_id FROM sms_parts WHERE sms_id = $2 AND part = 1) \
         WHERE id = $2 AND status = 'queued'",
    )
    .bind(now)
    .bind(id)
    .execute(ex)
    .await?;
    Ok(())
}

/// Hands a claimed message back to the queue, due again at `at`.
pub async fn release<'e>(ex: impl Exec<'e>, id: i64, at: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE sms_messages SET claimed_until = NULL, next_attempt_at = $1 \
         WHERE id = $2 AND status = 'queued'",
    )
    .bind(at)
    .bind(id)
    .execute(ex)
    .await?;
    Ok(())
}

/// The message a receipt's SMSC message id names, and its owner and callback.
pub async fn by_smsc_id<'e>(
    ex: impl Exec<'e>,
    smsc_id: &str,
) -> sqlx::Result<Option<(i64, i64, Option<String>)>> {
    let row = sqlx::query(
        "SELECT m.id, m.user_id, m.status_callback FROM sms_parts p \
         JOIN sms_messages m ON m.id = p.sms_id WHERE p.smsc_message_id = $1",
    )
    .bind(smsc_id)
    .fetch_optional(ex)
    .await?;
    row.map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)))
        .transpose()
}

/// A receipt's outcome: true when it changed the message. A late `delivered` never
/// overrides `undelivered` (one failed part fails the message).
pub async fn apply_receipt<'e>(
    ex: impl Exec<'e>,
    id: i64,
    delivered: bool,
    error: Option<&str>,
    now: i64,
) -> sqlx::Result<bool> {
    let from = if delivered {
        "('sent')"
    } else {
        "('sent', 'delivered')"
    };
    let done = sqlx::query(&format!(
        "UPDATE sms_messages SET status = $1, error = $2, updated_at = $3 \
         WHERE id = $4 AND status IN {from}"
    ))
    .bind(if delivered {
        "delivered"
    } else {
        "undelivered"
    })
    .bind(error)
    .bind(now)
    .bind(id)
    .execute(ex)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The owner, id and SmsUrl of an active number, if `number` is one.
pub async fn active_number<'e>(
    ex: impl Exec<'e>,
    number: &str,
) -> sqlx::Result<Option<(i64, i64, Option<String>)>> {
    let row = sqlx::query(
        "SELECT owner_id, id, sms_url FROM phone_numbers \
         WHERE number = $1 AND status = 'active' AND owner_id IS NOT NULL",
    )
    .bind(number)
    .fetch_optional(ex)
    .await?;
    row.map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)))
        .transpose()
}

pub struct Inbound<'a> {
    pub user_id: i64,
    pub number_id: i64,
    pub from: &'a str,
    pub to: &'a str,
    pub body: &'a str,
    pub segments: i64,
    pub now: i64,
}

pub async fn insert_inbound<'e>(ex: impl Exec<'e>, m: Inbound<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO sms_inbound (user_id, number_id, from_number, to_number, body, segments, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(m.user_id)
    .bind(m.number_id)
    .bind(m.from)
    .bind(m.to)
    .bind(m.body)
    .bind(m.segments)
    .bind(m.now)
    .fetch_one(ex)
    .await
}

/// What a link last recorded about itself (one row of smpp_links).
#[derive(Clone, Debug, Default)]
pub struct LinkRow {
    pub instance_id: String,
    pub system_id: String,
    pub smsc_addr: String,
    pub bound: bool,
    pub bound_since: Option<i64>,
    pub last_error: Option<String>,
    pub last_error_at: Option<i64>,
    pub submitted_total: i64,
    pub received_total: i64,
    pub submitted_last_minute: i64,
    pub received_last_minute: i64,
    pub started_at: i64,
    pub updated_at: i64,
}

/// Writes a link's row whole (inserted on its first write).
pub async fn put_link<'e>(ex: impl Exec<'e>, l: &LinkRow) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO smpp_links (instance_id, system_id, smsc_addr, bound, bound_since, \
           last_error, last_error_at, submitted_total, received_total, submitted_last_minute, \
           received_last_minute, started_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) \
         ON CONFLICT (instance_id) DO UPDATE SET bound = excluded.bound, \
           bound_since = excluded.bound_since, last_error = excluded.last_error, \
           last_error_at = excluded.last_error_at, submitted_total = excluded.submitted_total, \
           received_total = excluded.received_total, \
           submitted_last_minute = excluded.submitted_last_minute, \
           received_last_minute = excluded.received_last_minute, updated_at = excluded.updated_at",
    )
    .bind(&l.instance_id)
    .bind(&l.system_id)
    .bind(&l.smsc_addr)
    .bind(i64::from(l.bound))
    .bind(l.bound_since)
    .bind(l.last_error.as_deref())
    .bind(l.last_error_at)
    .bind(l.submitted_total)
    .bind(l.received_total)
    .bind(l.submitted_last_minute)
    .bind(l.received_last_minute)
    .bind(l.started_at)
    .bind(l.updated_at)
    .execute(ex)
    .await?;
    Ok(())
}

/// Forgets the rows of links not heard from since `before` (instances long gone).
pub async fn forget_links<'e>(ex: impl Exec<'e>, before: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM smpp_links WHERE updated_at < $1")
        .bind(before)
        .execute(ex)
        .await?;
    Ok(())
}

/// Every link's row, the most recently started first.
pub async fn links<'e>(ex: impl Exec<'e>) -> sqlx::Result<Vec<LinkRow>> {
    let rows = sqlx::query(
        "SELECT instance_id, system_id, smsc_addr, bound, bound_since, last_error, \
           last_error_at, submitted_total, received_total, submitted_last_minute, \
           received_last_minute, started_at, updated_at \
         FROM smpp_links ORDER BY started_at DESC, instance_id",
    )
    .fetch_all(ex)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(LinkRow {
                instance_id: r.try_get("instance_id")?,
                system_id: r.try_get("system_id")?,
                smsc_addr: r.try_get("smsc_addr")?,
                bound: r.try_get::<i64, _>("bound")? != 0,
                bound_since: r.try_get("bound_since")?,
                last_error: r.try_get("last_error")?,
                last_error_at: r.try_get("last_error_at")?,
                submitted_total: r.try_get("submitted_total")?,
                received_total: r.try_get("received_total")?,
                submitted_last_minute: r.try_get("submitted_last_minute")?,
                received_last_minute: r.try_get("received_last_minute")?,
                started_at: r.try_get("started_at")?,
                updated_at: r.try_get("updated_at")?,
            })
        })
        .collect()
}

/// Messages waiting for the carrier, and when the oldest of them was queued.
pub async fn queue_depth<'e>(ex: impl Exec<'e>) -> sqlx::Result<(i64, Option<i64>)> {
    sqlx::query_as(
        "SELECT COUNT(*), CAST(MIN(created_at) AS BIGINT) FROM sms_messages WHERE status = 'queued'",
    )
    .fetch_one(ex)
    .await
}
