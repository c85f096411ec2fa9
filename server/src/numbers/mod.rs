//! Phone numbers: buying (/api/numbers/*) and the inventory (/api/admin/phones).

mod admin;
mod admin_status;
mod mine;
pub mod repo;
pub mod shop;
pub mod stock;
mod view;

use crate::state::AppState;
use axum::routing::{get, post};
use axum::Router;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/numbers/countries", get(shop::get_countries))
        .route("/numbers/available", get(shop::get_available))
        .route("/numbers/purchase", post(shop::post_purchase))
        .route("/numbers/mine", get(mine::get_mine))
        .route("/numbers/{id}/cancel", post(mine::post_cancel))
        .route("/numbers/{id}/renew", post(mine::post_renew))
        .route(
            "/admin/phones",
            get(admin::list_phones).post(admin::post_phone),
        )
        .route(
            "/admin/phones/{id}/change-country",
            post(admin::post_change_country),
        )
        .route("/admin/phones/range", post(stock::post_range))
        .route("/admin/phones/{id}/reassign", post(admin::post_reassign))
        .route(
            "/admin/phones/{id}/deactivate",
            post(admin_status::post_deactivate),
        )
        .route(
            "/admin/phones/{id}/activate",
            post(admin_status::post_activate),
        )
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    shop::get_countries,
    shop::get_available,
    shop::post_purchase,
    mine::get_mine,
    mine::post_cancel,
    mine::post_renew,
    admin::list_phones,
    admin::post_phone,
    admin::post_change_country,
    admin::post_reassign,
    admin_status::post_deactivate,
    admin_status::post_activate,
    stock::post_range
))]
pub struct ApiDoc;
