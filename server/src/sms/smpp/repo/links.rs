//! Each link's recorded state (smpp_links) and the queue's depth.

use crate::db::Flag;

/// What a link last recorded about itself (one row of smpp_links).
#[derive(Clone, Debug, Default, sqlx::FromRow)]
pub struct LinkRow {
    pub instance_id: String,
    pub system_id: String,
    pub smsc_addr: String,
    #[sqlx(try_from = "Flag")]
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

statements! {
    /// Writes a link's row whole (inserted on its first write).
    pub fn put_link(l: &LinkRow) -> run() =
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
        (&l.instance_id, &l.system_id, &l.smsc_addr, i64::from(l.bound), l.bound_since, l.last_error.as_deref(), l.last_error_at, l.submitted_total, l.received_total, l.submitted_last_minute, l.received_last_minute, l.started_at, l.updated_at);

    /// Forgets the rows of links not heard from since `before` (instances long gone).
    pub fn forget_links(before: i64) -> run() =
        "DELETE FROM smpp_links WHERE updated_at < $1";

    /// Every link's row, the most recently started first.
    pub fn links() -> all(LinkRow) =
        "SELECT instance_id, system_id, smsc_addr, bound, bound_since, last_error, \
         last_error_at, submitted_total, received_total, submitted_last_minute, \
         received_last_minute, started_at, updated_at \
         FROM smpp_links ORDER BY started_at DESC, instance_id";

    /// Messages waiting for the carrier, and when the oldest of them was queued.
    pub fn queue_depth() -> one((i64, Option<i64>)) =
        "SELECT COUNT(*), CAST(MIN(created_at) AS BIGINT) FROM sms_messages WHERE status = 'queued'";
}
