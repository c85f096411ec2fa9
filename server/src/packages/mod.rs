//! Minute packages: the catalogue and purchases (/api/packages/*) and their
//! administration (/api/admin/packages).

mod admin;
pub mod expiry;
pub mod repo;
mod shop;

use crate::json::Money;
use crate::state::AppState;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(shop::list_packages))
        .routes(routes!(shop::list_mine))
        .routes(routes!(shop::post_purchase))
        .routes(routes!(admin::list_packages, admin::post_package))
        .routes(routes!(admin::put_package, admin::delete_package))
}

/// A package of the catalogue.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PackageView {
    pub id: i64,
    pub name: String,
    pub minutes: i64,
    pub price: Money,
    /// Days the minutes stay valid after the purchase.
    pub validity: i64,
    pub features: Vec<String>,
    /// "active" (on sale) or "inactive".
    #[schema(example = "active")]
    pub status: String,
    /// Clients with an active purchase of it (administrators' views only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subscribers: Option<i64>,
}
