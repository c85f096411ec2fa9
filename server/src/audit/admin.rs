//! /api/admin/audit: who did what, when, with the record before and after.

use super::repo;
use crate::auth::AdminList;
use crate::db::iso;
use crate::error::Result;
use crate::extract::With;
use crate::openapi::responses::{AdminOnly, Invalid, SignedIn};
use crate::paging::{filter_texts, like_escape, like_pattern, Page, PageQuery};
use dialtone_core::audit;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
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
    /// Who did it: `Name <email>`, "System" for the platform's own jobs, "Deleted
    /// account" when the account is gone.
    pub actor: String,
    /// `admin` or `client` (a customer's own change, e.g. a verified caller ID); null
    /// for the system or a deleted account.
    pub actor_role: Option<String>,
    #[schema(example = "user.suspend")]
    pub action: String,
    /// The action in words, e.g. "Suspended user".
    #[schema(example = "Suspended user")]
    pub action_label: String,
    /// The target by name (`Name <email>` of a user, a number, a country's or a
    /// package's name) while it exists; null otherwise.
    pub subject: Option<String>,
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
    let targets: Vec<(&str, i64)> = rows
        .items
        .iter()
        .filter_map(|r| Some((r.target_type.as_str(), r.target_id.parse().ok()?)))
        .collect();
    let names = repo::subject_names(&state.db.pool, &targets).await?;
    Ok(axum::Json(rows.map(|r| entry(r, &names))))
}

fn entry(r: repo::AuditRow, names: &HashMap<(String, i64), String>) -> AuditEntry {
    let parse = |s: Option<String>| {
        s.and_then(|t| serde_json::from_str::<Value>(&t).ok())
            .unwrap_or(Value::Null)
    };
    let account = r.actor_name.as_deref().zip(r.actor_email.as_deref());
    let subject = r
        .target_id
        .parse::<i64>()
        .ok()
        .and_then(|id| names.get(&(r.target_type.clone(), id)).cloned());
    AuditEntry {
        id: r.id,
        actor: audit::actor_label(r.actor_id.is_some(), account),
        actor_role: r.actor_role,
        action_label: audit::action_label(&r.action).to_string(),
        action: r.action,
        subject,
        target_type: r.target_type,
        target_id: r.target_id,
        before: parse(r.before_json),
        after: parse(r.after_json),
        date: iso(r.created_at),
    }
}
