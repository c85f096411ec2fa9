//! The administrators' own resources: users, overview figures, analytics, platform
//! settings and the audit log.

mod analytics;
mod audit_log;
mod settings;
mod stats;
mod users;

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

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi()]
pub struct ApiDoc;
