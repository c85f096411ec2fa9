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

/// Stores a recording; `due` is what it still owes (0 when paid as it was stored).
pub async fn insert<'e>(
    ex: impl Exec<'e>,
    r: &Recording,
    wav: &[u8],
    due: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO recordings (sid, user_id, call_sid, duration_ms, audio, created_at, due_micros) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&r.sid)
    .bind(r.user_id)
    .bind(&r.call_sid)
    .bind(r.duration_ms)
    .bind(wav)
    .bind(now_ms())
    .bind(due)
    .execute(ex)
    .await?;
    Ok(())
}

/// A recording whose charge waits for its call's hold to be released.
#[derive(FromRow, Debug, Clone)]
pub struct Due {
    pub id: i64,
    pub sid: String,
    pub user_id: i64,
    pub call_sid: String,
    pub due_micros: i64,
    pub created_at: i64,
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

statements! {
    /// How long `user_id` keeps recordings, in days (0: until deleted).
    pub fn retention_days(user_id: i64) -> scalar_one(i64) =
        "SELECT CAST(recording_retention_days AS BIGINT) FROM users WHERE id = $1";

    pub fn set_retention_days(user_id: i64, days: i64) -> run() =
        "UPDATE users SET recording_retention_days = $2 WHERE id = $1";

    /// Deletes up to 500 recordings older than their owner's retention at `now`
    /// (created before now less that many days: core's recordings rule).
    pub fn purge_expired(now: i64) -> changed_count() =
        "DELETE FROM recordings WHERE id IN (SELECT r.id FROM recordings r \
         JOIN users u ON u.id = r.user_id AND u.recording_retention_days > 0 \
         WHERE r.created_at < $1 - u.recording_retention_days * 86400000 LIMIT 500)";

    /// What `user_id`'s calls in progress hold.
    pub fn held(user_id: i64) -> scalar_one(i64) =
        "SELECT reserved_micros FROM users WHERE id = $1";

    /// Up to 100 recordings still owing their charge, oldest first.
    pub fn due() -> all(Due) =
        "SELECT id, sid, user_id, call_sid, due_micros, created_at FROM recordings \
         WHERE due_micros > 0 ORDER BY id LIMIT 100";

    /// The recording's charge was collected.
    pub fn paid(id: i64) -> run() = "UPDATE recordings SET due_micros = 0 WHERE id = $1";

    pub fn delete_by_id(id: i64) -> run() = "DELETE FROM recordings WHERE id = $1";
}
