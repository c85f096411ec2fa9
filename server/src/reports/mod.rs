//! The administrators' reports: the overview figures and the analytics.

mod analytics;
mod repo;
mod stats;

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(stats::get_stats))
        .routes(routes!(analytics::get_analytics))
        .routes(routes!(analytics::export_analytics))
}
