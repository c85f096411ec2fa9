//! Balances and their history: /api/ledger (the client's own) and
//! /api/admin/balances (every account, with audited adjustments).

mod admin;
mod history;
pub mod low_balance;
pub mod post;
pub mod repo;

use crate::state::AppState;
use axum::routing::{get, post as post_route};
use axum::Router;

pub use post::{invariant_violations, post, Kind, PostError, Posting};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/ledger", get(history::list_own))
        .route("/ledger/export", get(history::export_own))
        .route("/admin/balances", get(admin::list_balances))
        .route(
            "/admin/balances/{user_id}/adjust",
            post_route(admin::post_adjust),
        )
        .route(
            "/admin/balances/{user_id}/transactions",
            get(admin::list_transactions),
        )
}

impl From<PostError> for crate::error::Error {
    fn from(e: PostError) -> Self {
        match e {
            PostError::InsufficientFunds { balance, cost } => crate::error::Error::PaymentRequired(
                dialtone_core::money::insufficient_balance_message(cost, balance),
            ),
            PostError::UnknownUser => crate::error::Error::NotFound("No such user".into()),
            PostError::Db(e) => e.into(),
        }
    }
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    history::list_own,
    history::export_own,
    admin::list_balances,
    admin::post_adjust,
    admin::list_transactions
))]
pub struct ApiDoc;
