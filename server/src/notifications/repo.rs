//! The notifications table.

use crate::db::now_ms;
use crate::db::Exec;

#[derive(sqlx::FromRow)]
pub struct StoredNotification {
    pub id: i64,
    pub kind: String,
    pub title: String,
    pub message: String,
    pub created_at: i64,
    pub read_at: Option<i64>,
}

statements! {
    pub fn insert(user_id: i64, kind: &str, title: &str, message: &str) -> run() =
        "INSERT INTO notifications (user_id, kind, title, message, created_at) VALUES ($1, $2, $3, $4, $5)",
        (user_id, kind, title, message, now_ms());

    /// (all, unread) notifications of a user.
    pub fn counts(user_id: i64) -> one((i64, i64)) =
        "SELECT COUNT(*), CAST(COALESCE(SUM(CASE WHEN read_at IS NULL THEN 1 ELSE 0 END), 0) AS BIGINT) FROM notifications WHERE user_id = $1";

    /// One page of a user's notifications, newest first.
    pub fn page(user_id: i64, limit: i64, offset: i64) -> all(StoredNotification) =
        "SELECT id, kind, title, message, created_at, read_at FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3";
}

/// Marks one of the user's notifications read; false when it is not theirs.
pub async fn mark_read<'e>(ex: impl Exec<'e>, user_id: i64, id: i64) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar(
        "UPDATE notifications SET read_at = COALESCE(read_at, $1) WHERE id = $2 AND user_id = $3 RETURNING id",
    )
    .bind(now_ms())
    .bind(id)
    .bind(user_id)
    .fetch_optional(ex)
    .await?;
    Ok(found.is_some())
}

/// Marks every unread notification of the user read; returns how many.
pub async fn mark_all_read<'e>(ex: impl Exec<'e>, user_id: i64) -> sqlx::Result<u64> {
    Ok(
        sqlx::query("UPDATE notifications SET read_at = $1 WHERE user_id = $2 AND read_at IS NULL")
            .bind(now_ms())
            .bind(user_id)
            .execute(ex)
            .await?
            .rows_affected(),
    )
}
