//! Messages the SMSC delivers to our numbers, and the parts of long ones until all
//! have arrived.

use crate::db::Exec;

/// The owner, id and SmsUrl of an active number, if `number` is one.
pub async fn active_number<'e>(
    ex: impl Exec<'e>,
    number: &str,
) -> sqlx::Result<Option<(i64, i64, Option<String>)>> {
    sqlx::query_as(
        "SELECT owner_id, id, sms_url FROM phone_numbers \
         WHERE number = $1 AND status = 'active' AND owner_id IS NOT NULL",
    )
    .bind(number)
    .fetch_optional(ex)
    .await
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

/// The parts of one long inbound message: who sent it to whom, its reference and
/// how many parts it has.
pub struct PartKey<'a> {
    pub from: &'a str,
    pub to: &'a str,
    pub reference: i64,
    pub total: i64,
}

/// Keeps one part (a part delivered again is kept once).
pub async fn insert_inbound_part<'e>(
    ex: impl Exec<'e>,
    k: &PartKey<'_>,
    part: i64,
    body: &str,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO sms_inbound_parts (from_number, to_number, reference, total, part, body, received_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (from_number, to_number, reference, total, part) DO NOTHING",
    )
    .bind(k.from)
    .bind(k.to)
    .bind(k.reference)
    .bind(k.total)
    .bind(part)
    .bind(body)
    .bind(now)
    .execute(ex)
    .await?;
    Ok(())
}

/// The texts of the parts that have arrived, in part order.
pub async fn inbound_parts<'e>(ex: impl Exec<'e>, k: &PartKey<'_>) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT body FROM sms_inbound_parts \
         WHERE from_number = $1 AND to_number = $2 AND reference = $3 AND total = $4 ORDER BY part",
    )
    .bind(k.from)
    .bind(k.to)
    .bind(k.reference)
    .bind(k.total)
    .fetch_all(ex)
    .await
}

pub async fn delete_inbound_parts<'e>(ex: impl Exec<'e>, k: &PartKey<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "DELETE FROM sms_inbound_parts \
         WHERE from_number = $1 AND to_number = $2 AND reference = $3 AND total = $4",
    )
    .bind(k.from)
    .bind(k.to)
    .bind(k.reference)
    .bind(k.total)
    .execute(ex)
    .await?;
    Ok(())
}

/// Forgets parts received before `before` whose message never completed.
pub async fn forget_inbound_parts<'e>(ex: impl Exec<'e>, before: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM sms_inbound_parts WHERE received_at < $1")
        .bind(before)
        .execute(ex)
        .await?;
    Ok(())
}
