//! Calls in progress: the open reservations of call_reservations, with what the switch
//! reported of them (answered, and the SIP dialog to hang up).

use crate::db::joined;
use sqlx::{Any, Executor};

/// At most this many calls in progress are listed at once (the oldest first).
pub const LIST_LIMIT: i64 = 200;

#[derive(sqlx::FromRow)]
pub struct LiveRow {
    pub call_id: String,
    pub user_id: i64,
    #[sqlx(rename = "email")]
    pub customer: String,
    pub direction: String,
    #[sqlx(rename = "from_number")]
    pub from: String,
    #[sqlx(rename = "to_number")]
    pub to: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub answered_at: Option<i64>,
    pub rate_micros: i64,
    pub first_increment: i64,
    pub next_increment: i64,
    pub package_seconds: i64,
}

const SELECT: &str =
    "SELECT r.call_id, r.user_id, u.email, r.direction, r.from_number, r.to_number, \
    r.created_at, r.expires_at, r.answered_at, r.rate_micros, r.first_increment, r.next_increment, \
    r.package_seconds FROM call_reservations r JOIN users u ON u.id = r.user_id";

/// Calls in progress, of one user or (None) of everyone, oldest first.
pub async fn list<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    user_id: Option<i64>,
) -> Result<Vec<LiveRow>, sqlx::Error> {
    let sql = format!(
        "{SELECT} WHERE ($1 = 0 OR r.user_id = $1) ORDER BY r.created_at, r.call_id LIMIT {LIST_LIMIT}"
    );
    sqlx::query_as(&sql)
        .bind(user_id.unwrap_or(0))
        .fetch_all(ex)
        .await
}

/// The switch answered `call_ids` (a call and, when forwarded, its second leg): when,
/// and by which dialog on which switch. How many reservations it named.
pub async fn answered<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    call_ids: &[&str],
    now: i64,
    dialog: &Dialog,
) -> Result<u64, sqlx::Error> {
    let (first, second) = (call_ids[0], call_ids.get(1).copied().unwrap_or(call_ids[0]));
    Ok(sqlx::query(
        "UPDATE call_reservations SET answered_at = COALESCE(answered_at, $1), sip_call_id = $2, \
         from_tag = $3, to_tag = $4, switch_rpc = $5 WHERE call_id IN ($6, $7)",
    )
    .bind(now)
    .bind(&dialog.sip_call_id)
    .bind(&dialog.from_tag)
    .bind(&dialog.to_tag)
    .bind(&dialog.switch_rpc)
    .bind(first)
    .bind(second)
    .execute(ex)
    .await?
    .rows_affected())
}

/// A call's SIP dialog as the switch knows it, and where that switch takes commands.
#[derive(sqlx::FromRow)]
pub struct Dialog {
    pub sip_call_id: String,
    pub from_tag: String,
    pub to_tag: String,
    pub switch_rpc: String,
}

/// The dialog of a call in progress, once answered.
pub async fn dialog_of<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    call_id: &str,
) -> Result<Option<Option<Dialog>>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT sip_call_id, COALESCE(from_tag, '') AS from_tag, COALESCE(to_tag, '') AS to_tag, \
         COALESCE(switch_rpc, '') AS switch_rpc FROM call_reservations WHERE call_id = $1",
    )
    .bind(call_id)
    .fetch_optional(ex)
    .await?;
    row.map(|r| joined(&r, "sip_call_id")).transpose()
}

/// The dialogs of an account's answered calls in progress (at most 500).
pub async fn dialogs_of_user<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    user_id: i64,
) -> Result<Vec<Dialog>, sqlx::Error> {
    sqlx::query_as(
        "SELECT sip_call_id, COALESCE(from_tag, '') AS from_tag, COALESCE(to_tag, '') AS to_tag, \
         COALESCE(switch_rpc, '') AS switch_rpc FROM call_reservations \
         WHERE user_id = $1 AND sip_call_id IS NOT NULL LIMIT 500",
    )
    .bind(user_id)
    .fetch_all(ex)
    .await
}
