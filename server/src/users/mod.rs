//! Accounts: the signed-in user's own (/api/user/*) and the administrators' user
//! management (/api/admin/users).

mod admin;
mod handlers;
pub mod repo;

pub use handlers::check_password;

use crate::state::AppState;
use axum::routing::{get, post, put};
use axum::Router;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/user/info", get(handlers::get_user_info))
        .route("/user/profile", put(handlers::put_profile))
        .route("/user/password", put(handlers::put_password))
        .route("/admin/users", get(admin::list_users))
        .route("/admin/users/{id}/email", post(admin::post_email))
        .route("/admin/users/{id}/role", post(admin::post_role))
        .route("/admin/users/{id}/suspend", post(admin::post_suspend))
        .route("/admin/users/{id}/reactivate", post(admin::post_reactivate))
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    handlers::get_user_info,
    handlers::put_profile,
    handlers::put_password,
    admin::list_users,
    admin::post_email,
    admin::post_role,
    admin::post_suspend,
    admin::post_reactivate,
))]
pub struct ApiDoc;
