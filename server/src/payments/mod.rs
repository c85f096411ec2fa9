//! Deposits by card, the saved card and auto-recharge: /api/payment/*.

pub mod cards;
mod deposits;
pub mod provider;
pub mod recharge;
pub mod repo;
pub mod sandbox;
pub mod stripe_api;
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
        .routes(routes!(cards::get_card, cards::delete_card))
        .routes(routes!(cards::post_setup))
        .routes(routes!(cards::post_confirm_card))
        .routes(routes!(cards::post_sandbox_card))
        .routes(routes!(
            recharge::get_auto_recharge,
            recharge::put_auto_recharge
        ))
}

/// A deposit not paid within a day is marked failed. If the provider still reports
/// it paid later, the webhook credits it all the same.
pub async fn abandon_stale_deposits(state: &AppState, now: i64) -> anyhow::Result<u64> {
    Ok(repo::abandon_unpaid(&state.db.pool, now, now - crate::settings::DAY_MS).await?)
}
