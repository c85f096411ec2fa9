//! Deposits by card: /api/payment/*.

mod deposits;
pub mod provider;
pub mod repo;
mod sandbox;
pub mod webhook;

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(deposits::post_stripe))
        .routes(routes!(deposits::get_config))
        .routes(routes!(deposits::list_deposits))
        .routes(routes!(deposits::get_payment))
        .routes(routes!(sandbox::post_confirm))
        .routes(routes!(webhook::post_webhook))
}
