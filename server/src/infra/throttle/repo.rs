//! The rate_limits table: one row per bucket, its window's start and hits.

use crate::db::Exec;

/// Takes one slot in one atomic upsert: the insert, the window roll-over and the
/// limit are one statement on SQLite and PostgreSQL alike. Some(hits) when a slot
/// was taken, None when the window already holds `max`.
pub async fn take_slot<'e>(
    ex: impl Exec<'e>,
    bucket: &str,
    now: i64,
    window_ms: i64,
    max: i64,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1) \
         ON CONFLICT (bucket) DO UPDATE SET \
           hits = CASE WHEN rate_limits.window_start <= $3 THEN 1 ELSE rate_limits.hits + 1 END, \
           window_start = CASE WHEN rate_limits.window_start <= $3 THEN $2 ELSE rate_limits.window_start END \
         WHERE rate_limits.window_start <= $3 OR rate_limits.hits < $4 \
         RETURNING hits",
    )
    .bind(bucket)
    .bind(now)
    .bind(now - window_ms)
    .bind(max)
    .fetch_optional(ex)
    .await
}

pub async fn window_start<'e>(ex: impl Exec<'e>, bucket: &str) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT window_start FROM rate_limits WHERE bucket = $1")
        .bind(bucket)
        .fetch_optional(ex)
        .await
}

/// A bucket's window start and hits.
pub async fn window<'e>(ex: impl Exec<'e>, bucket: &str) -> sqlx::Result<Option<(i64, i64)>> {
    sqlx::query_as("SELECT window_start, hits FROM rate_limits WHERE bucket = $1")
        .bind(bucket)
        .fetch_optional(ex)
        .await
}

/// Gives one slot back (never below zero).
pub async fn give_back<'e>(ex: impl Exec<'e>, bucket: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE rate_limits SET hits = hits - 1 WHERE bucket = $1 AND hits > 0")
        .bind(bucket)
        .execute(ex)
        .await?;
    Ok(())
}

pub async fn delete<'e>(ex: impl Exec<'e>, bucket: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM rate_limits WHERE bucket = $1")
        .bind(bucket)
        .execute(ex)
        .await?;
    Ok(())
}

pub async fn delete_older_than<'e>(ex: impl Exec<'e>, window_start: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM rate_limits WHERE window_start < $1")
        .bind(window_start)
        .execute(ex)
        .await?;
    Ok(())
}
