//! Balances and their history: /api/ledger (the client's own) and
//! /api/admin/balances (every account, with audited adjustments).

mod admin;
pub mod history;
pub mod low_balance;
pub mod post;
pub mod repo;

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub use post::{charge, invariant_violations, post, Kind, PostError, Posting};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(history::list_own))
        .routes(routes!(history::export_own))
        .routes(routes!(admin::list_balances))
        .routes(routes!(admin::post_adjust))
        .routes(routes!(admin::list_transactions))
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
