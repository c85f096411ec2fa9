//! The administrators' own resources: users, overview figures, analytics, platform
//! settings and the audit log.

mod analytics;
mod audit_log;
mod settings;
mod stats;
mod users;

use crate::error::{Error, Result};
use crate::state::AppState;
use axum::routing::{get, post};
use axum::Router;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/users", get(users::list_users))
        .route("/admin/users/{id}/email", post(users::post_email))
        .route("/admin/users/{id}/role", post(users::post_role))
        .route("/admin/users/{id}/suspend", post(users::post_suspend))
        .route("/admin/users/{id}/reactivate", post(users::post_reactivate))
        .route("/admin/stats", get(stats::get_stats))
        .route("/admin/analytics", get(analytics::get_analytics))
        .route("/admin/analytics/export", get(analytics::export_analytics))
        .route(
            "/admin/settings",
            get(settings::get_settings).put(settings::put_settings),
        )
        .route("/admin/audit", get(audit_log::list_audit))
}

/// Text from a query or body that reaches the database: PostgreSQL refuses NUL in
/// text, so it answers 400 here rather than a database error.
fn text(field: &str, value: &str) -> Result<()> {
    if value.contains('\0') {
        return Err(Error::field(field, "This cannot contain a NUL character"));
    }
    Ok(())
}

/// A day given as `YYYY-MM-DD` exactly, what the query parameters' pattern
/// `^([0-9]{4}-[0-9]{2}-[0-9]{2})?$` documents; empty is None.
fn date(field: &str, value: &str) -> Result<Option<chrono::NaiveDate>> {
    if value.is_empty() {
        return Ok(None);
    }
    let shaped = value.len() == 10
        && value.bytes().enumerate().all(|(i, c)| match i {
            4 | 7 => c == b'-',
            _ => c.is_ascii_digit(),
        });
    match chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d") {
        Ok(day) if shaped => Ok(Some(day)),
        _ => Err(Error::field(field, "Use a date like 2026-11-21")),
    }
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    users::list_users,
    users::post_email,
    users::post_role,
    users::post_suspend,
    users::post_reactivate,
    stats::get_stats,
    analytics::get_analytics,
    analytics::export_analytics,
    settings::get_settings,
    settings::put_settings,
    audit_log::list_audit,
))]
pub struct ApiDoc;
