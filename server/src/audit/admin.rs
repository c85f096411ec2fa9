//! /api/admin/audit: who did what, when, with the record before and after.

use super::repo;
use crate::auth::AdminList;
use crate::db::iso;
use crate::error::Result;
use crate::extract::With;
use crate::openapi::responses::{AdminOnly, Invalid, SignedIn};
use crate::paging::{filter_texts, like_escape, like_pattern, Page, PageQuery};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditFilter {
    /// Matches the administrator's name or email, or the target.
    #[serde(default)]
    #[param(required = false)]
    search: String,
    /// An action ("user.suspend") or a prefix ("user.").
    #[serde(default)]
    #[param(required = false)]
    action: String,
    /// The first day, `2026-11-01` (empty: from the start).
    #[serde(default)]
    #[param(required = false, pattern = "^([0-9]{4}-[0-9]{2}-[0-9]{2})?$")]
    from: String,
    /// The last day, `2026-11-21` (empty: up to now).
    #[serde(default)]
    #[param(required = false, pattern = "^([0-9]{4}-[0-9]{2}-[0-9]{2})?$")]
    to: String,
}

/// One audited action.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub id: i64,
    /// `Name <email>` of the administrator; null if the account is gone.
    pub actor: Option<String>,
    #[schema(example = "user.suspend")]
    pub action: String,
    #[schema(example = "user")]
    pub target_type: String,
    pub target_id: String,
    /// The changed fields before the action, if recorded.
    #[schema(value_type = Option<Object>)]
    pub before: Value,
    /// The changed fields after the action, if recorded.
    #[schema(value_type = Option<Object>)]
    pub after: Value,
    pub date: String,
}

fn day_ms(date: &str, field: &str, end: bool) -> Result<i64> {
    let Some(d) = crate::paging::filter_date(field, date)? else {
        return Ok(if end { i64::MAX } else { 0 });
    };
    let start = d
        .and_hms_opt(0, 0, 0)
        .map_or(0, |t| t.and_utc().timestamp_millis());
    Ok(if end { start + 86_400_000 } else { start })
}

/// The audit log, newest first, filtered by text, action and days.
#[utoipa::path(get, path = "/admin/audit", tag = "admin",
    params(AuditFilter, PageQuery),
    responses((status = 200, description = "One page of the audit log", body = Page<AuditEntry>),
        Invalid, SignedIn, AdminOnly))]
pub async fn list_audit(
    With(
        state,
        AdminList {
            filter: f, page, ..
        },
    ): With<AdminList<AuditFilter>>,
) -> Result<axum::Json<Page<AuditEntry>>> {
    filter_texts(&[("search", &f.search), ("action", &f.action)])?;
    let action = format!("{}%", like_escape(f.action.trim()));
    let (from, to) = (day_ms(&f.from, "from", false)?, day_ms(&f.to, "to", true)?);
    let pattern = like_pattern(&f.search);
    let search = repo::Search {
        pattern: &pattern,
        action: &action,
        from,
        to,
    };
    let rows = repo::page_matching(&state.db.pool, &search, page).await?;
    let parse = |s: Option<String>| {
        s.and_then(|t| serde_json::from_str::<Value>(&t).ok())
            .unwrap_or(Value::Null)
    };
    Ok(axum::Json(rows.map(|r| AuditEntry {
        id: r.id,
        actor: match (r.actor_name, r.actor_email) {
            (Some(n), Some(e)) => Some(format!("{n} <{e}>")),
            _ => None,
        },
        action: r.action,
        target_type: r.target_type,
        target_id: r.target_id,
        before: parse(r.before_json),
        after: parse(r.after_json),
        date: iso(r.created_at),
    })))
}
