//! The settings table: key/value pairs.

use crate::db::now_ms;
use sqlx::{Any, Executor};

/// Every stored setting as (key, value) text.
pub async fn all<'e, E: Executor<'e, Database = Any>>(
    ex: E,
) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT key, value FROM settings")
        .fetch_all(ex)
        .await
}

/// Inserts or replaces one setting.
pub async fn put<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    key: &str,
    value: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, $3) \
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
    )
    .bind(key)
    .bind(value)
    .bind(now_ms())
    .execute(ex)
    .await?;
    Ok(())
}
