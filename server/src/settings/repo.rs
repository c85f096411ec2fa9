//! The settings table: key/value pairs.

use crate::db::now_ms;
use crate::db::Exec;

/// Every stored setting as (key, value) text.
pub async fn all<'e>(ex: impl Exec<'e>) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as("SELECT key, value FROM settings")
        .fetch_all(ex)
        .await
}

/// Inserts or replaces one setting.
pub async fn put<'e>(ex: impl Exec<'e>, key: &str, value: &str) -> sqlx::Result<()> {
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
