//! Calls in progress: the open reservations of call_reservations, with what the switch
//! reported of them (answered, and the SIP dialog to hang up).

use sqlx::any::AnyRow;
use sqlx::{Any, Executor, Row};

/// At most this many calls in progress are listed at once (the oldest first).
pub const LIST_LIMIT: i64 = 200;

pub struct LiveRow {
    pub call_id: String,
    pub user_id: i64,
    pub customer: String,
    pub direction: String,
    pub from: String,
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

fn live(r: &AnyRow) -> Result<LiveRow, sqlx::Error> {
    Ok(LiveRow {
        call_id: r.try_get("call_id")?,
        user_id: r.try_get("user_id")?,
        customer: r.try_get("email")?,
        direction: r.try_get("direction")?,
        from: r.try_get("from_number")?,
        to: r.try_get("to_number")?,
        created_at: r.try_get("created_at")?,
        expires_at: r.try_get("expires_at")?,
        answered_at: r.try_get("answered_at")?,
        rate_micros: r.try_get("rate_micros")?,
        first_increment: r.try_get("first_increment")?,
        next_increment: r.try_get("next_increment")?,
        package_seconds: r.try_get("package_seconds")?,
    })
}

/// Calls in progress, of one user or (None) of everyone, oldest first.
pub async fn list<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    user_id: Option<i64>,
) -> Result<Vec<LiveRow>, sqlx::Error> {
    let sql = format!(
        "{SELECT} WHERE ($1 = 0 OR r.user_id = $1) ORDER BY r.created_at, r.call_id LIMIT {LIST_LIMIT}"
    );
    let rows = sqlx::query(&sql)
        .bind(user_id.unwrap_or(0))
        .fetch_all(ex)
        .await?;
    rows.iter().map(live).collect()
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
        "SELECT sip_call_id, from_tag, to_tag, switch_rpc FROM call_reservations WHERE call_id = $1",
    )
    .bind(call_id)
    .fetch_optional(ex)
    .await?;
    row.map(|r| {
        let sip_call_id: Option<String> = r.try_get("sip_call_id")?;
        Ok(match sip_call_id {
            None => None,
            Some(sip_call_id) => Some(Dialog {
                sip_call_id,
                from_tag: r
                    .try_get::<Option<String>, _>("from_tag")?
                    .unwrap_or_default(),
                to_tag: r
                    .try_get::<Option<String>, _>("to_tag")?
                    .unwrap_or_default(),
                switch_rpc: r
                    .try_get::<Option<String>, _>("switch_rpc")?
                    .unwrap_or_default(),
            }),
        })
    })
    .transpose()
}
