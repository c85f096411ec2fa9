//! Phone numbers: buying (/api/numbers/*) and the inventory (/api/admin/phones).

mod admin;
mod admin_status;
mod hooks;
mod mine;
pub mod renewals;
pub mod repo;
pub mod shop;
pub mod stock;
mod view;

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(shop::get_countries))
        .routes(routes!(shop::get_available))
        .routes(routes!(shop::post_purchase))
        .routes(routes!(mine::get_mine))
        .routes(routes!(mine::post_cancel))
        .routes(routes!(mine::post_renew))
        .routes(routes!(hooks::get_hooks, hooks::put_hooks))
        .routes(routes!(admin::list_phones, admin::post_phone))
        .routes(routes!(admin::post_change_country))
        .routes(routes!(admin::post_reassign))
        .routes(routes!(admin_status::post_deactivate))
        .routes(routes!(admin_status::post_activate))
        .routes(routes!(stock::post_range))
}
