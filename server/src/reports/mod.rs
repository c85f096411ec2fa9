//! The administrators' reports: the overview figures and the analytics.

mod analytics;
mod repo;
mod stats;

use crate::state::AppState;
use axum::routing::get;
use axum::Router;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/stats", get(stats::get_stats))
        .route("/admin/analytics", get(analytics::get_analytics))
        .route("/admin/analytics/export", get(analytics::export_analytics))
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    stats::get_stats,
    analytics::get_analytics,
    analytics::export_analytics
))]
pub struct ApiDoc;
