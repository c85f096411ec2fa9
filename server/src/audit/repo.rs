//! The audit_log table.

use super::Entry;
use crate::db::now_ms;
use sqlx::any::AnyRow;
use sqlx::{Any, Executor, Row};

pub async fn insert<'e, E: Executor<'e, Database = Any>>(
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

/// The list's filter: text (a LIKE pattern on the actor and target), an action
/// prefix (a LIKE pattern), and the time range `[from, to)`.
pub struct Search<'a> {
    pub pattern: &'a str,
    pub action: &'a str,
    pub from: i64,
    pub to: i64,
}

/// One audit entry with its actor's name and email (absent when the actor is gone).
pub struct AuditRow {
    pub id: i64,
    pub action: String,
    pub target_type: String,
    pub target_id: String,
    pub before_json: Option<String>,
    pub after_json: Option<String>,
    pub created_at: i64,
    pub actor_name: Option<String>,
    pub actor_email: Option<String>,
}

fn from_row(r: &AnyRow) -> Result<AuditRow, sqlx::Error> {
    Ok(AuditRow {
        id: r.try_get("id")?,
        action: r.try_get("action")?,
        target_type: r.try_get("target_type")?,
        target_id: r.try_get("target_id")?,
        before_json: r.try_get("before_json")?,
        after_json: r.try_get("after_json")?,
        created_at: r.try_get("created_at")?,
        actor_name: r.try_get("name")?,
        actor_email: r.try_get("email")?,
    })
}

// The actor's name and email come from users: a display join, read-only.
const FROM: &str = "FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id";
const COND: &str = "(LOWER(COALESCE(u.name, '')) LIKE $1 ESCAPE '\\' OR COALESCE(u.email_lower, '') LIKE $1 ESCAPE '\\' \
    OR LOWER(a.target_id) LIKE $1 ESCAPE '\\') AND a.action LIKE $2 ESCAPE '\\' AND a.created_at >= $3 AND a.created_at < $4";

pub async fn count_matching<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    s: &Search<'_>,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(&format!("SELECT COUNT(*) {FROM} WHERE {COND}"))
        .bind(s.pattern)
        .bind(s.action)
        .bind(s.from)
        .bind(s.to)
        .fetch_one(ex)
        .await
}

/// One page of matching entries, newest first.
pub async fn page_matching<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    s: &Search<'_>,
    limit: i64,
    offset: i64,
) -> Result<Vec<AuditRow>, sqlx::Error> {
    sqlx::query(&format!(
        "SELECT a.id, a.action, a.target_type, a.target_id, a.before_json, a.after_json, a.created_at, u.name, u.email \
         {FROM} WHERE {COND} ORDER BY a.id DESC LIMIT $5 OFFSET $6"
    ))
    .bind(s.pattern)
    .bind(s.action)
    .bind(s.from)
    .bind(s.to)
    .bind(limit)
    .bind(offset)
    .fetch_all(ex)
    .await?
    .iter()
    .map(from_row)
    .collect()
}
