//! Minute packages: the catalogue and purchases (/api/packages/*) and their
//! administration (/api/admin/packages).

mod admin;
pub mod repo;
mod shop;

use crate::json::Money;
use crate::state::AppState;
use axum::routing::{get, post, put};
use axum::Router;
use serde::Serialize;
use utoipa::ToSchema;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/packages", get(shop::list_packages))
        .route("/packages/mine", get(shop::list_mine))
        .route("/packages/{id}/purchase", post(shop::post_purchase))
        .route(
            "/admin/packages",
            get(admin::list_packages).post(admin::post_package),
        )
        .route(
            "/admin/packages/{id}",
            put(admin::put_package).delete(admin::delete_package),
        )
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

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    shop::list_packages,
    shop::list_mine,
    shop::post_purchase,
    admin::list_packages,
    admin::post_package,
    admin::put_package,
    admin::delete_package
))]
pub struct ApiDoc;
