//! /api/admin/audit: who did what, when, with the record before and after.

use crate::auth::AdminUser;
use crate::db::iso;
use crate::error::{Error, Result};
use crate::extract::Query;
use crate::paging::{like_pattern, Page, PageQuery};
use crate::state::AppState;
use axum::extract::State;
use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::Row;

#[derive(Deserialize)]
pub struct AuditFilter {
    /// Matches the administrator's name or email, or the target.
    #[serde(default)]
    search: String,
    /// An action ("user.suspend") or a prefix ("user.").
    #[serde(default)]
    action: String,
    #[serde(default)]
    from: String,
    #[serde(default)]
    to: String,
}

fn day_ms(date: &str, field: &str, end: bool) -> Result<i64> {
    if date.is_empty() {
        return Ok(if end { i64::MAX } else { 0 });
    }
    let d = NaiveDate::parse_from_str(date, "%Y-%m-%d")
        .map_err(|_| Error::field(field, "Use a date like 2026-11-21"))?;
    let start = d
        .and_hms_opt(0, 0, 0)
        .map_or(0, |t| t.and_utc().timestamp_millis());
    Ok(if end { start + 86_400_000 } else { start })
}

pub async fn list_audit(
    State(state): State<AppState>,
    _a: AdminUser,
    Query(f): Query<AuditFilter>,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<Page<Value>>> {
    let cond = "(LOWER(COALESCE(u.name, '')) LIKE $1 ESCAPE '\\' OR COALESCE(u.email_lower, '') LIKE $1 ESCAPE '\\' \
                OR LOWER(a.target_id) LIKE $1 ESCAPE '\\') AND a.action LIKE $2 ESCAPE '\\' AND a.created_at >= $3 AND a.created_at < $4";
    let action = format!(
        "{}%",
        f.action
            .trim()
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_")
    );
    let (from, to) = (day_ms(&f.from, "from", false)?, day_ms(&f.to, "to", true)?);
    let pattern = like_pattern(&f.search);
    let from_sql = "FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id";
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {from_sql} WHERE {cond}"))
        .bind(&pattern)
        .bind(&action)
        .bind(from)
        .bind(to)
        .fetch_one(&state.db.pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT a.id, a.action, a.target_type, a.target_id, a.before_json, a.after_json, a.created_at, u.name, u.email \
         {from_sql} WHERE {cond} ORDER BY a.id DESC LIMIT $5 OFFSET $6"
    ))
    .bind(&pattern)
    .bind(&action)
    .bind(from)
    .bind(to)
    .bind(q.limit())
    .bind(q.offset())
    .fetch_all(&state.db.pool)
    .await?;
    let parse = |s: Option<String>| {
        s.and_then(|t| serde_json::from_str::<Value>(&t).ok())
            .unwrap_or(Value::Null)
    };
    let items = rows
        .iter()
        .map(|r| {
            Ok(json!({
                "id": r.try_get::<i64, _>("id")?,
                "actor": match (r.try_get::<Option<String>, _>("name")?, r.try_get::<Option<String>, _>("email")?) {
                    (Some(n), Some(e)) => json!(format!("{n} <{e}>")),
                    _ => Value::Null,
                },
                "action": r.try_get::<String, _>("action")?,
                "targetType": r.try_get::<String, _>("target_type")?,
                "targetId": r.try_get::<String, _>("target_id")?,
                "before": parse(r.try_get("before_json")?),
                "after": parse(r.try_get("after_json")?),
                "date": iso(r.try_get("created_at")?),
            }))
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(axum::Json(Page::new(items, total, q)))
}
