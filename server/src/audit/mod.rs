//! The audit log: every administrator action, who did it, when, and the record
//! before and after. Written in the same transaction as the change it describes.

mod admin;
pub mod repo;

use crate::state::AppState;
use axum::routing::get;
use axum::Router;
use serde_json::Value;
use sqlx::{Any, Executor};

pub fn router() -> Router<AppState> {
    Router::new().route("/admin/audit", get(admin::list_audit))
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(admin::list_audit))]
pub struct ApiDoc;

pub struct Entry<'a> {
    /// The administrator; None for what the system did on its own (a reservation
    /// released because its call never reported).
    pub actor_id: Option<i64>,
    pub action: &'a str,
    pub target_type: &'a str,
    pub target_id: String,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

pub async fn record<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    e: Entry<'_>,
) -> Result<(), sqlx::Error> {
    repo::insert(ex, e).await
}
