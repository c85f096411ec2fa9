//! The recordings TwiML's <Record> makes: stored as WAV under a SID of their own, and
//! the recordings table's statements for the Recordings resource.

use crate::db::list::{Value, Window};
use crate::db::{now_ms, Exec};
use sqlx::FromRow;

/// A recording without its audio.
#[derive(FromRow, Debug, Clone)]
pub struct Recording {
    pub id: i64,
    pub sid: String,
    pub user_id: i64,
    pub call_sid: String,
    pub duration_ms: i64,
    pub created_at: i64,
}

const COLUMNS: &str = "id, sid, user_id, call_sid, duration_ms, created_at";

/// A new recording's SID: RE and 32 random hex digits.
pub fn new_sid() -> String {
    format!("RE{}", hex::encode(rand::random::<[u8; 16]>()))
}

pub async fn insert<'e>(ex: impl Exec<'e>, r: &Recording, wav: &[u8]) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO recordings (sid, user_id, call_sid, duration_ms, audio, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&r.sid)
    .bind(r.user_id)
    .bind(&r.call_sid)
    .bind(r.duration_ms)
    .bind(wav)
    .bind(now_ms())
    .execute(ex)
    .await?;
    Ok(())
}

/// The recordings `owner` keeps (core's quota counts them).
pub async fn count_for<'e>(ex: impl Exec<'e>, owner: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM recordings WHERE user_id = $1")
        .bind(owner)
        .fetch_one(ex)
        .await
}

/// `owner`'s recordings (of one call when `call_sid` is not empty) in window `w`,
/// newest first.
pub async fn list<'e>(
    ex: impl Exec<'e>,
    owner: i64,
    call_sid: &str,
    w: &Window,
) -> sqlx::Result<Vec<Recording>> {
    let from = "FROM recordings WHERE user_id = $1 AND id < $2 AND ($3 = '' OR call_sid = $3)";
    w.rows(ex, COLUMNS, from, "id", owner, &[Value::Text(call_sid)])
        .await
}

pub async fn find<'e>(ex: impl Exec<'e>, owner: i64, sid: &str) -> sqlx::Result<Option<Recording>> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM recordings WHERE user_id = $1 AND sid = $2"
    ))
    .bind(owner)
    .bind(sid)
    .fetch_optional(ex)
    .await
}

pub async fn audio<'e>(ex: impl Exec<'e>, owner: i64, sid: &str) -> sqlx::Result<Option<Vec<u8>>> {
    sqlx::query_scalar("SELECT audio FROM recordings WHERE user_id = $1 AND sid = $2")
        .bind(owner)
        .bind(sid)
        .fetch_optional(ex)
        .await
}

/// Deletes a recording; false when there was none.
pub async fn delete<'e>(ex: impl Exec<'e>, owner: i64, sid: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM recordings WHERE user_id = $1 AND sid = $2")
        .bind(owner)
        .bind(sid)
        .execute(ex)
        .await?;
    Ok(done.rows_affected() == 1)
}
