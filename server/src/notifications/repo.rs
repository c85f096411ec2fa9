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

pub async fn insert<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    kind: &str,
    title: &str,
    message: &str,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO notifications (user_id, kind, title, message, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(user_id)
        .bind(kind)
        .bind(title)
        .bind(message)
        .bind(now_ms())
        .execute(ex)
        .await?;
    Ok(())
}

/// (all, unread) notifications of a user.
pub async fn counts<'e>(ex: impl Exec<'e>, user_id: i64) -> sqlx::Result<(i64, i64)> {
    sqlx::query_as(
        "SELECT COUNT(*), CAST(COALESCE(SUM(CASE WHEN read_at IS NULL THEN 1 ELSE 0 END), 0) AS BIGINT) FROM notifications WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_one(ex)
    .await
}

/// One page of a user's notifications, newest first.
pub async fn page<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    limit: i64,
    offset: i64,
) -> sqlx::Result<Vec<StoredNotification>> {
    sqlx::query_as(
        "SELECT id, kind, title, message, created_at, read_at FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3",
    )
    .bind(user_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(ex)
    .await
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
