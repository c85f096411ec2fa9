//! The audit log: every administrator action, who did it, when, and the record
//! before and after. Written in the same transaction as the change it describes.

use crate::db::now_ms;
use serde_json::Value;
use sqlx::{Any, Executor};

pub struct Entry<'a> {
    pub actor_id: i64,
    pub action: &'a str,
    pub target_type: &'a str,
    pub target_id: String,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

pub async fn record<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    e: Entry<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO audit_log (actor_id, action, target_type, target_id, before_json, after_json, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(e.actor_id)
    .bind(e.action)
    .bind(e.target_type)
    .bind(e.target_id)
    .bind(e.before.map(|v| v.to_string()))
    .bind(e.after.map(|v| v.to_string()))
    .bind(now_ms())
    .execute(ex)
    .await?;
    Ok(())
}
