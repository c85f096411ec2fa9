//! Deposits by card: /api/payment/*.

mod deposits;
pub mod provider;
pub mod repo;
mod sandbox;
pub mod webhook;

use crate::state::AppState;
use axum::routing::{get, post};
use axum::Router;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/payment/stripe", post(deposits::post_stripe))
        .route("/payment/config", get(deposits::get_config))
        .route("/payment/deposits", get(deposits::list_deposits))
        .route(
            "/payment/intent/{client_secret}",
            get(deposits::get_payment),
        )
        .route("/payment/sandbox/confirm", post(sandbox::post_confirm))
        .route("/payment/webhook", post(webhook::post_webhook))
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    deposits::post_stripe,
    deposits::get_config,
    deposits::list_deposits,
    deposits::get_payment,
    sandbox::post_confirm,
    webhook::post_webhook,
))]
pub struct ApiDoc;
