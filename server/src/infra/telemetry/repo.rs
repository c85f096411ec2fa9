//! What /metrics reads from the database at scrape time: small, indexed counts.

use crate::db::Exec;

pub struct Now {
    pub reservations: i64,
    pub answered_calls: i64,
    pub reserved_micros: i64,
    pub webhooks_pending: i64,
    pub sms_queued: i64,
}

pub async fn now<'e>(ex: impl Exec<'e>) -> sqlx::Result<Now> {
    let (reservations, answered_calls, reserved_micros, webhooks_pending, sms_queued): (
        i64,
        i64,
        i64,
        i64,
        i64,
    ) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM call_reservations), \
               (SELECT COUNT(*) FROM call_reservations WHERE answered_at IS NOT NULL), \
               (SELECT CAST(COALESCE(SUM(amount_micros), 0) AS BIGINT) FROM call_reservations), \
               (SELECT COUNT(*) FROM webhook_deliveries WHERE status = 'pending'), \
               (SELECT COUNT(*) FROM sms_messages WHERE status = 'queued')",
    )
    .fetch_one(ex)
    .await?;
    Ok(Now {
        reservations,
        answered_calls,
        reserved_micros,
        webhooks_pending,
        sms_queued,
    })
}
