//! The SMPP queue: claiming queued messages under a lease, the parts the SMSC
//! accepted, uncertain parts and receipts; inbound messages (`inbound`) and the
//! links' recorded state (`links`).

mod inbound;
mod links;

pub use inbound::*;
pub use links::*;

use crate::db::claim::Lease;
use crate::db::Exec;

/// A queued message the sender holds under its lease.
#[derive(sqlx::FromRow)]
pub struct Claimed {
    pub id: i64,
    pub user_id: i64,
    #[sqlx(rename = "to_number")]
    pub to: String,
    #[sqlx(rename = "from_number")]
    pub from: Option<String>,
    pub body: String,
    pub segments: i64,
    pub cost_micros: i64,
    pub status_callback: Option<String>,
    /// Since when a part of it went unanswered (its grace has run out when claimed).
    pub uncertain_since: Option<i64>,
    /// When it was charged (its day's spending counted it).
    pub created_at: i64,
}

/// The queued messages due, as the sender leases them (see `Lease::take`): another
/// instance's claim is skipped (FOR UPDATE SKIP LOCKED) or loses the conditional
/// UPDATE, so no two senders hold one message.
pub const DUE: Lease<'static> = Lease {
    table: "sms_messages",
    due: "status = 'queued' AND provider = 'smpp' \
          AND (next_attempt_at IS NULL OR next_attempt_at <= $1) \
          AND (claimed_until IS NULL OR claimed_until <= $1)",
    order: "id",
    also_set: ", attempts = attempts + 1",
    returning: "id, user_id, to_number, from_number, body, segments, cost_micros, \
       status_callback, uncertain_since, created_at",
    fair: None,
};

statements! {
    /// The parts of a message the SMSC has already accepted (after a reconnect, those
    /// are not submitted again).
    pub fn submitted_parts(sms_id: i64) -> scalar_all(i64) =
        "SELECT part FROM sms_parts WHERE sms_id = $1";

    /// The SMSC accepted one part under `smsc_id`: false when the part was already
    /// recorded (its receipt overtook its submit_sm_resp and reconciled it first).
    pub fn record_part(sms_id: i64, part: i64, smsc_id: &str, now: i64) -> changed_one() =
        "INSERT INTO sms_parts (sms_id, part, smsc_message_id, submitted_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (sms_id, part) DO NOTHING";

    /// Every part is with the SMSC: `sent`, under the first part's message id. False when
    /// it was not queued any more (a receipt's reconciliation completed it first).
    pub fn mark_sent(id: i64, now: i64) -> changed_one() =
        "UPDATE sms_messages SET status = 'sent', claimed_until = NULL, uncertain_since = NULL, \
         updated_at = $1, \
         provider_id = (SELECT smsc_message_id FROM sms_parts WHERE sms_id = $2 AND part = 1) \
         WHERE id = $2 AND status = 'queued'", (now, id);

    /// `mark_sent` for a message whose parts are all recorded (a receipt came before the
    /// sender marked it): true when it was still queued and now is sent.
    pub fn complete_if_submitted(id: i64, now: i64) -> changed_one() =
        "UPDATE sms_messages SET status = 'sent', claimed_until = NULL, uncertain_since = NULL, \
         updated_at = $1, \
         provider_id = (SELECT smsc_message_id FROM sms_parts WHERE sms_id = $2 AND part = 1) \
         WHERE id = $2 AND status = 'queued' \
         AND (SELECT COUNT(*) FROM sms_parts WHERE sms_id = $2) >= segments", (now, id);

    /// Hands a claimed message back to the queue, due again at `at`.
    pub fn release(id: i64, at: i64) -> run() =
        "UPDATE sms_messages SET claimed_until = NULL, next_attempt_at = $1 \
         WHERE id = $2 AND status = 'queued'", (at, id);

    /// A part went unanswered: the message waits until `due` (the grace) for a receipt
    /// that names the part, unclaimed.
    pub fn mark_uncertain(id: i64, now: i64, due: i64) -> run() =
        "UPDATE sms_messages SET claimed_until = NULL, uncertain_since = $1, next_attempt_at = $2 \
         WHERE id = $3 AND status = 'queued'", (now, due, id);
}

/// A queued message that may have a part at the SMSC without a recorded message id.
#[derive(sqlx::FromRow)]
pub struct InDoubt {
    pub id: i64,
    pub user_id: i64,
    #[sqlx(rename = "from_number")]
    pub from: Option<String>,
    pub body: String,
    pub status_callback: Option<String>,
}

statements! {
    /// The messages to `to` that may be at the SMSC unrecorded, oldest first: uncertain,
    /// or claimed (in flight, or held by a sender that died).
    pub fn in_doubt_to(to: &str) -> all(InDoubt) =
        "SELECT id, user_id, from_number, body, status_callback FROM sms_messages \
         WHERE to_number = $1 AND status = 'queued' AND provider = 'smpp' \
         AND (uncertain_since IS NOT NULL OR claimed_until IS NOT NULL) \
         ORDER BY id LIMIT 200";

    /// A link has just bound: the SMSC delivers the receipts it kept for us from now on,
    /// so no uncertain part goes again before `until` (the grace counts from the bind,
    /// not from the drop, however long reconnecting took).
    pub fn defer_uncertain(until: i64) -> run() =
        "UPDATE sms_messages SET next_attempt_at = $1 \
         WHERE status = 'queued' AND uncertain_since IS NOT NULL \
         AND (next_attempt_at IS NULL OR next_attempt_at < $1)";

    /// An uncertain part turned out accepted but others remain: due again now.
    pub fn resume(id: i64, now: i64) -> run() =
        "UPDATE sms_messages SET uncertain_since = NULL, next_attempt_at = $1 \
         WHERE id = $2 AND status = 'queued' AND uncertain_since IS NOT NULL", (now, id);

    /// The message a receipt's SMSC message id names, and its owner and callback.
    pub fn by_smsc_id(smsc_id: &str) -> optional((i64, i64, Option<String>)) =
        "SELECT m.id, m.user_id, m.status_callback FROM sms_parts p \
         JOIN sms_messages m ON m.id = p.sms_id WHERE p.smsc_message_id = $1";
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
